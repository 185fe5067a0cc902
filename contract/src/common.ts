import { z } from "zod";

/** `{"detail": "..."}`: the body of every single-message error. */
export const detailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof detailSchema>;

/** A keyset-paginated page; `next` and `previous` are absolute URLs followed as they are. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Paginated<T> = { next: string | null; previous: string | null; results: T[] };

/** Ids are PostgreSQL integers: a larger number is a 400, never a database error. */
export const MAX_ID = 2_147_483_647;
export const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

/** `?limit=` of paginated lists: default 20, at most 100. */
export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Form bodies send everything as text; optional form fields arrive as "". */
export const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

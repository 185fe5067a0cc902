import type { ParsedIngredientLine, ParseLinesBody } from "@potluck/contract";
import { api } from "../api-client";

/** Splits ingredient lines ("1 ½ cups plain flour") into quantity, unit and catalogue ingredient. */
export const parseIngredientLines = (lines: string[]) =>
  api<ParsedIngredientLine[]>("/api/ingredients/parse/", {
    method: "POST",
    json: { lines } satisfies ParseLinesBody,
  });

import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  IMPORT_FILE_MAX_BYTES,
  idParams,
  importCreated,
  importDetail,
  importFileForm,
  importList,
  importUrlsBody,
} from "@potluck/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../auth/plugin.js";
import { badRequest, fieldError, HttpError, notFound } from "../http/errors.js";
import { startEventStream } from "../http/event-stream-hub.js";
import { importEventStreams } from "./live-streams.js";
import { toImportDetail, toImportSummary } from "./presenter.js";
import {
  cancelImport,
  createImport,
  finishImport,
  importOf,
  importsOf,
  itemsOf,
  unfinishedCount,
} from "./repository.js";
import { IMPORT_JOB } from "./run.js";

/** Imports a cook may have waiting or running at once: each holds an upload on disk. */
export const UNFINISHED_IMPORTS_MAX = 5;
const TOO_LARGE = `The file is too large: at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`;

/**
 * Bulk import (issue 25 §2): a file or a list of addresses becomes an import, run as a job
 * (run.ts) in whichever app process is free; the page follows it over an event stream. Each
 * cook sees only their own imports: anyone else's is 404.
 */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/",
    {
      // A JSON body is `{"urls": [...]}` (importUrlsBody, checked in the handler: this route
      // also takes a multipart upload, which the zod type provider cannot describe).
      config: { access: "user", multipart: importFileForm },
      bodyLimit: 2 * 1024 * 1024,
      schema: { response: { 202: importCreated } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if ((await unfinishedCount(app.db, user.id)) >= UNFINISHED_IMPORTS_MAX) {
        throw badRequest(
          `You have ${UNFINISHED_IMPORTS_MAX} imports waiting or running: wait for one to finish, or cancel one.`,
        );
      }
      let created: { id: number };
      if (request.isMultipart()) {
        const filePath = await receiveUpload(request, app.config.dataDir);
        try {
          created = await createImport(app.db, { userId: user.id, filePath });
        } catch (error) {
          await rm(path.join(app.config.dataDir, filePath), { force: true });
          throw error;
        }
      } else {
        const parsed = importUrlsBody.safeParse(request.body ?? {});
        if (!parsed.success) throw new HttpError(400, fieldErrors(parsed.error.issues));
        created = await createImport(app.db, {
          userId: user.id,
          format: "urls",
          total: parsed.data.urls.length,
          urls: parsed.data.urls,
        });
      }
      try {
        await app.jobs.send(IMPORT_JOB, { importId: created.id }, { key: String(user.id) });
      } catch (error) {
        await finishImport(app.db, created.id, {
          status: "failed",
          reason: "The import could not be started. Please try again.",
        }).catch(() => {});
        throw error;
      }
      return reply.code(202).send({ id: created.id, status: "queued" as const });
    },
  );

  app.get(
    "/",
    { config: { access: "user" }, schema: { response: { 200: importList } } },
    async (request) => {
      const user = requireUser(request);
      return (await importsOf(app.db, user.id)).map((row) =>
        toImportSummary(row, request.language),
      );
    },
  );

  app.get(
    "/:id/",
    {
      config: { access: "user" },
      schema: { params: idParams, response: { 200: importDetail } },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await importOf(app.db, user.id, request.params.id);
      if (!row) throw notFound();
      return toImportDetail(row, await itemsOf(app.db, row.id), request.language);
    },
  );

  app.post(
    "/:id/cancel/",
    {
      config: { access: "user", noBody: true },
      schema: { params: idParams, response: { 200: importDetail } },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await cancelImport(app.db, user.id, request.params.id);
      if (!row) throw notFound();
      return toImportDetail(row, await itemsOf(app.db, row.id), request.language);
    },
  );

  // ---------- live progress ----------

  const streams = importEventStreams(app.notifyHub, app.log);
  // Before the server waits for requests in flight: an open stream never finishes by itself.
  app.addHook("preClose", () => streams.close());

  app.get(
    "/events/",
    {
      config: {
        access: "user",
        noJsonResponse:
          "My imports' progress as Server-Sent Events (text/event-stream): `progress` with an import's counts (as in the list), `reset` when some may have been missed.",
      },
      exposeHeadRoute: false,
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Listening before the stream opens, so no change after it is missed.
      await streams.ready(app.config.database.connectTimeoutMs);
      streams.open(user.id, { res: startEventStream(reply), language: request.language });
    },
  );
};

/**
 * Streams the request's `file` part to DATA_DIR/imports/<random> (never into memory); returns
 * that path relative to DATA_DIR. 413 past IMPORT_FILE_MAX_BYTES, 400 without a file.
 */
async function receiveUpload(request: FastifyRequest, dataDir: string): Promise<string> {
  const relative = path.join("imports", randomUUID());
  const file = path.join(dataDir, relative);
  await mkdir(path.dirname(file), { recursive: true });
  let part: Awaited<ReturnType<FastifyRequest["file"]>>;
  try {
    part = await request.file({ limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1 } });
  } catch (error) {
    throw multipartError(error);
  }
  if (part?.fieldname !== "file") {
    part?.file.resume();
    throw fieldError("file", "No file was submitted.");
  }
  try {
    await pipeline(part.file, createWriteStream(file, { flags: "wx" }));
    if (part.file.truncated) throw new HttpError(413, { detail: TOO_LARGE });
    if ((await stat(file)).size === 0) throw fieldError("file", "The submitted file is empty.");
  } catch (error) {
    await rm(file, { force: true });
    throw multipartError(error);
  }
  return relative;
}

function multipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413) return new HttpError(413, { detail: TOO_LARGE });
  if (status !== undefined && status < 500) return error;
  return badRequest("Malformed multipart body.");
}

function fieldErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "non_field_errors");
    fields[field] = [...(fields[field] ?? []), issue.message];
  }
  return fields;
}

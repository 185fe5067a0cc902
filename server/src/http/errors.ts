import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable } from "../db/unavailable.js";
import { translateErrorBody } from "../i18n/from-english.js";
import { languageOf } from "./request-language.js";

/** An error whose body the client sees as is. Throw it from handlers; the handler below answers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    /** Response headers, e.g. Retry-After on a 503. */
    readonly headers: Record<string, string> = {},
    /** What went wrong underneath a 5xx, for the log only. */
    cause?: unknown,
  ) {
    super(typeof body.detail === "string" ? body.detail : `HTTP ${statusCode}`, { cause });
  }
}

export const badRequest = (detail: string) => new HttpError(400, { detail });
/** 400 with `{"field": ["message"]}`, the shape the web app shows per field. */
export const fieldError = (field: string, message: string) =>
  new HttpError(400, { [field]: [message] });
/** The text for an id that names nothing (or nothing the caller may see), as the spec words it. */
export const doesNotExist = (id: number | string) => `Invalid pk "${id}" - object does not exist.`;
/** 400 `{"field": ['Invalid pk "7" - object does not exist.']}`. */
export const unknownPk = (field: string, id: number | string) =>
  fieldError(field, doesNotExist(id));
export const notAuthenticated = () =>
  new HttpError(401, { detail: "Authentication credentials were not provided." });
export const forbidden = (detail = "You do not have permission to perform this action.") =>
  new HttpError(403, { detail });
export const notFound = () => new HttpError(404, { detail: "Not found." });
export const tooManyRequests = () =>
  new HttpError(429, { detail: "Too many attempts. Please try again later." });

export const DATABASE_UNAVAILABLE =
  "The service is temporarily unavailable. Please try again in a few seconds.";

/** Maps every thrown error to the spec's bodies; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/**
 * The app's error handler; a route with its own (recipe import) hands everything else here.
 * Every message is written in English where it arises and sent in the request's language
 * (i18n/from-english.ts): English, as it is, when the caller states no other.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const language = languageOf(request);
  const inLanguage = (body: Record<string, unknown>) => translateErrorBody(body, language);
  if (error instanceof HttpError) {
    if (error.statusCode >= 500) request.log.warn({ err: error.cause }, error.message);
    return reply.code(error.statusCode).headers(error.headers).send(inLanguage(error.body));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, "").split("/")[0] || "non_field_errors";
      const messages = fields[path] ?? [];
      messages.push(issue.message ?? "Invalid value.");
      fields[path] = messages;
    }
    return reply.code(400).send(inLanguage(fields));
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    // Fastify's own client errors: bad JSON, wrong media type, body too large, ...
    return reply.code(status).send(inLanguage({ detail: clientMessage(error) }));
  }
  if (isDatabaseUnavailable(error)) {
    // The driver's message only: a failed query's text and parameters stay out of the log.
    request.log.warn(`database unavailable: ${rootCause(error).message}`);
    return reply
      .code(503)
      .header("retry-after", "5")
      .send(inLanguage({ detail: DATABASE_UNAVAILABLE }));
  }
  request.log.error(error);
  return reply.code(500).send(inLanguage({ detail: "A server error occurred." }));
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "JSON parse error - the request body is not valid JSON.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported media type in request.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
    case "FST_REQ_FILE_TOO_LARGE":
      return "Request body is too large.";
    default:
      return error.message;
  }
}

function rootCause(error: Error): Error {
  let current = error;
  while (current.cause instanceof Error) current = current.cause;
  return current;
}

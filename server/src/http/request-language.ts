import {
  acceptedLanguages,
  bestLanguage,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from "@potluck/contract/languages";
import type { FastifyInstance, FastifyRequest } from "fastify";

// The language a request is answered in (issue 37), found once per request, here: the
// signed-in cook's own choice, else the signed-out visitor's choice (the potluck_lang cookie,
// when it names one of the ten), else the best of the ten for the browser's Accept-Language,
// else English. `Accept-Language: *` or none gives English: exactly the texts of before.

declare module "fastify" {
  interface FastifyRequest {
    /** The language this request is answered in (error texts, the page's <html lang>). */
    language: Language;
  }
}

const RESOLVED = Symbol("request language resolved");

/** The visitor's own choice of language, from the potluck_lang cookie; null without one. */
export function cookieLanguage(request: FastifyRequest): Language | null {
  const value = request.cookies?.[LANGUAGE_COOKIE];
  return isLanguage(value) ? value : null;
}

/** The request's language, the signed-in cook's choice (`chosen`) first. */
export function resolveLanguage(request: FastifyRequest, chosen: Language | null): Language {
  return (
    chosen ??
    cookieLanguage(request) ??
    bestLanguage(acceptedLanguages(request.headers["accept-language"])) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * The language of a request whose hook may not have run: an error thrown before it (a 401, a
 * CSRF refusal) is answered in the language the request itself states.
 */
export function languageOf(request: FastifyRequest): Language {
  const resolved = request as FastifyRequest & { [RESOLVED]?: true };
  return resolved[RESOLVED] ? request.language : resolveLanguage(request, null);
}

/**
 * Decorates every request with its `language`, after the session is known: `chosenLanguage`
 * says which language the signed-in cook chose, or null (given by app.ts, which knows sessions).
 */
export function registerRequestLanguage(
  app: FastifyInstance,
  chosenLanguage: (request: FastifyRequest) => Language | null | Promise<Language | null>,
): void {
  app.decorateRequest("language", DEFAULT_LANGUAGE);
  app.addHook("onRequest", async (request) => {
    request.language = resolveLanguage(request, await chosenLanguage(request));
    (request as FastifyRequest & { [RESOLVED]?: true })[RESOLVED] = true;
  });
}

/** A non-2xx answer; `body` is the parsed JSON error body ({detail}, field errors...) or text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: unknown,
  ) {
    super(typeof body === "object" && body && "detail" in body ? String(body.detail) : statusText);
  }
}

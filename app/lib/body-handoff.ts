// How the direct API path (ADR 011, ADR 013) and the app's HTTP helpers hand each other the
// bodies they already hold, so neither reads them back out of a web stream. The keys are
// registered symbols, because the server and the app bundle each load their own copy of these
// modules.

/**
 * `request[READ_BODY_TEXT](limit)` on a NodeRequest: the body as UTF-8 text read straight from
 * the socket, or `null` once more than `limit` bytes arrived (reading stops there).
 */
export const READ_BODY_TEXT = Symbol.for("kinetic.readBodyText");

/** `response[JSON_BODY_TEXT]`: the text `json()` serialised, while nothing has touched the body. */
export const JSON_BODY_TEXT = Symbol.for("kinetic.jsonBodyText");

export const bodyUnusable = () => new TypeError("Body is unusable: it was already read");

/** What a Request's or Response's body is once read: finished and locked. */
export function consumedStream(): ReadableStream<Uint8Array<ArrayBuffer>> {
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({ start: (c) => c.close() });
  stream.getReader();
  return stream;
}

// How the direct API path (ADR 011, ADR 013) and the app's HTTP helpers hand each other what they
// already hold, so neither reads it back out of a web stream. Registered symbols, because the
// server and the app bundle each load their own copy of these modules.

/**
 * `request[READ_BODY_TEXT](limit)` on a NodeRequest: the body as UTF-8 text read straight from
 * the socket, or `null` once more than `limit` bytes arrived (reading stops there).
 */
export const READ_BODY_TEXT = Symbol.for("kinetic.readBodyText");

/** `response[JSON_BODY_TEXT]`: the text `json()` serialised, which is the Response's body. */
export const JSON_BODY_TEXT = Symbol.for("kinetic.jsonBodyText");

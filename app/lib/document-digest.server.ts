import crypto from "node:crypto";

/**
 * A cache key for a whole document (or any long string): its SHA-256. V8 hashes a string longer
 * than 16,383 characters by its length alone, so long strings of one length used as Map keys all
 * land in one bucket and every lookup compares them in full; a digest costs about 0.1 ms for a
 * 30 KB document and keeps lookups constant.
 */
export function documentDigest(text: string): string {
  return crypto.createHash("sha256").update(text).digest("base64");
}

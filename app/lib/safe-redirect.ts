// Where a sign-in may send the browser afterwards: only somewhere on this site. Browsers read
// more into a URL than URL parsers agree on (a backslash is a slash, tabs and newlines are
// dropped, `//host` is another host), so anything unusual falls back to the home page.

// Backslashes and control characters, raw or percent-encoded.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const SUSPICIOUS = /[\\\u0000-\u001f\u007f]/;

/** A path on this site (path, query and fragment) for `value`, or "/" when it could lead anywhere else. */
export function safeRedirectPath(value: unknown, baseUrl: string): string {
  if (typeof value !== "string" || !value.startsWith("/")) return "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return "/";
  }
  if (SUSPICIOUS.test(value) || SUSPICIOUS.test(decoded) || decoded.startsWith("//")) return "/";
  let url: URL;
  let base: URL;
  try {
    base = new URL(baseUrl);
    url = new URL(value, base);
  } catch {
    return "/";
  }
  if (url.origin !== base.origin) return "/";
  const path = url.pathname + url.search + url.hash;
  // After normalisation (`/./`, `/..`) the result must still be a plain path on this site.
  return path.startsWith("/") && !path.startsWith("//") ? path : "/";
}

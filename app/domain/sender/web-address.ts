// The web addresses a brand profile holds (its logo, its website), and the one use of them that is
// not a link: the source a page's Content-Security-Policy allows its logo from. The WHATWG URL
// parser takes `https://cdn.bloom.example;sandbox/logo.png` with `cdn.bloom.example;sandbox` as its
// host (`;` and `,` are allowed in a host), and that origin written into a policy made `sandbox` a
// directive of its own: the unsubscribe page's button stopped working. So an address is accepted
// only with a host a policy can name as it is, and a policy source is built from the parsed
// scheme, host and port, never from the text.

/** Why an address is not a plain web address, or null when it is. */
export type WebAddressProblem = "not-a-url" | "scheme" | "credentials" | "host";

/** A host name (labels of letters, digits and hyphens, between dots), an IPv4 address, or an IPv6 literal. */
const PLAIN_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

export interface PlainWebAddress {
  scheme: "http" | "https";
  /** Lower-cased, IDNs in their ASCII form, as the URL parser gives it. */
  host: string;
  /** "" for the scheme's default port. */
  port: string;
}

/** `text` as a plain http(s) address: parsed by the WHATWG URL parser, no credentials, a host a policy can name. */
export function parseWebAddress(text: string): { address: PlainWebAddress } | { problem: WebAddressProblem } {
  // The parser drops tabs and line breaks anywhere and spaces at the ends: what it read would not be what is stored.
  if (/[\s\p{Cc}]/u.test(text)) return { problem: "not-a-url" };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: "not-a-url" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { problem: "scheme" };
  if (url.username || url.password) return { problem: "credentials" };
  if (!PLAIN_HOST.test(url.hostname)) return { problem: "host" };
  return { address: { scheme: url.protocol === "https:" ? "https" : "http", host: url.hostname, port: url.port } };
}

/** Whether `text` is a plain web address (see parseWebAddress). */
export const isPlainWebAddress = (text: string): boolean => "address" in parseWebAddress(text);

/**
 * The Content-Security-Policy source that allows what `text` points at: `scheme://host[:port]`
 * from the parsed address, or null when it is not a plain web address (a value stored before the
 * check, say). An IPv6 literal is null too: a policy's host grammar has no brackets.
 */
export function cspSourceOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const parsed = parseWebAddress(text);
  if (!("address" in parsed) || parsed.address.host.startsWith("[")) return null;
  const { scheme, host, port } = parsed.address;
  return `${scheme}://${host}${port ? `:${port}` : ""}`;
}

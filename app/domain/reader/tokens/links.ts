// Links and email addresses, found by linkify-it (which knows where a URL ends: "https://x.example/a)."
// ends before the bracket and the dot). A URL is an image by its extension; the reader also takes
// one for an image by the word before it ("image:", "photo", "Bild") — that is the roles' call.
import LinkifyIt from "linkify-it";

export interface UrlToken {
  kind: "url";
  start: number;
  end: number;
  /** As written. */
  text: string;
  /** With its scheme ("www.x.example" → "https://www.x.example"). */
  url: string;
  image: boolean;
}

export interface EmailToken {
  kind: "email";
  start: number;
  end: number;
  text: string;
  /** The part after the @. */
  domain: string;
}

let linkify: LinkifyIt | undefined;
function linker(): LinkifyIt {
  // Example and test domains are what briefs written before launch use.
  linkify ??= new LinkifyIt().tlds(["example", "test", "local", "localhost"], true);
  return linkify;
}

const URL_MAX_CHARS = 2_000;

const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp", "avif", "svg", "heic"];

export function isImageUrl(url: string): boolean {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // a URL linkify took that the WHATWG parser does not: read it as written
  }
  const ext = path.toLowerCase().split(".").pop() ?? "";
  return IMAGE_EXTENSIONS.includes(ext);
}

/** Every URL and email address of the text, in order. */
export function linkTokens(text: string, base = 0): Array<UrlToken | EmailToken> {
  // An address longer than any link a brief keeps (2,000 characters) is no link: the text stays as written.
  const found = (linker().match(text) ?? []).filter((m) => m.raw.length <= URL_MAX_CHARS);
  return found.map((m) => {
    if (m.schema === "mailto:") {
      const address = m.raw.replace(/^mailto:/i, "");
      return { kind: "email", start: base + m.index, end: base + m.lastIndex, text: m.raw, domain: address.split("@")[1] ?? "" };
    }
    const url = m.schema === "" ? `https://${m.raw}` : m.url;
    return { kind: "url", start: base + m.index, end: base + m.lastIndex, text: m.raw, url, image: isImageUrl(url) };
  });
}

/** The host of a URL, or of an email address's domain, without "www.". */
export function hostOf(urlOrDomain: string): string {
  try {
    return new URL(urlOrDomain.includes("://") ? urlOrDomain : `https://${urlOrDomain}`).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

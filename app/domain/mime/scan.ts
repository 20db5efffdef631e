import { Tokenizer, QuoteType } from "htmlparser2";

/** One attribute of a start tag with the exact source span of its (raw, undecoded) value. */
export interface ScannedAttribute {
  name: string;
  /** Entity-decoded value. */
  value: string;
  /** Raw value span in the source: [valueStart, valueEnd). Quotes are outside the span. */
  valueStart: number;
  valueEnd: number;
  quote: "double" | "single" | "unquoted" | "none";
}

export interface ScannedTag {
  kind: "open";
  name: string;
  /** Index of `<`. */
  start: number;
  /** Index just after `>`. */
  end: number;
  attributes: ScannedAttribute[];
}

export interface ScannedCloseTag {
  kind: "close";
  name: string;
  start: number;
  end: number;
}

export interface ScannedComment {
  kind: "comment";
  /** Span of the comment body (between `<!--` and `-->`). */
  bodyStart: number;
  bodyEnd: number;
}

export type ScannedToken = ScannedTag | ScannedCloseTag | ScannedComment;

const isWs = (c: string | undefined) => c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f";

/**
 * Walks the tags of an HTML string with htmlparser2's tokenizer, reporting source positions of
 * tags and attribute values so callers can splice edits and leave every other byte untouched.
 * The tokenizer (not a regex) decides what is a tag, so `<` in text, scripts, styles and
 * comments is handled the way a browser would. With `until`, the walk stops after the first token
 * for which it returns true (a caller that needs only the top of a document reads no more).
 */
export function scanHtml(html: string, until?: (token: ScannedToken) => boolean): ScannedToken[] {
  const tokens: ScannedToken[] = [];
  const emit = (token: ScannedToken) => {
    tokens.push(token);
    if (until?.(token)) tokenizer.pause();
  };
  let current: ScannedTag | null = null;
  let attrName = "";
  let attrNameEnd = 0;
  let attrValue = "";

  const tokenizer: Tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, endIndex) {
        current = {
          kind: "open",
          name: html.slice(start, endIndex).toLowerCase(),
          start: start - 1,
          end: endIndex,
          attributes: [],
        };
      },
      onattribname(start, endIndex) {
        attrName = html.slice(start, endIndex).toLowerCase();
        attrNameEnd = endIndex;
        attrValue = "";
      },
      onattribdata(start, endIndex) {
        attrValue += html.slice(start, endIndex);
      },
      onattribentity(codepoint) {
        attrValue += String.fromCodePoint(codepoint);
      },
      onattribend(quote, endIndex) {
        if (!current) return;
        if (quote === QuoteType.NoValue) {
          current.attributes.push({ name: attrName, value: "", valueStart: attrNameEnd, valueEnd: attrNameEnd, quote: "none" });
          return;
        }
        // The tokenizer reports where the value ends; find where it starts by stepping over
        // `\s*=\s*` and the opening quote after the attribute name.
        let i = attrNameEnd;
        while (isWs(html[i])) i++;
        if (html[i] === "=") i++;
        while (isWs(html[i])) i++;
        const quoted = quote === QuoteType.Double || quote === QuoteType.Single;
        if (quoted) i++;
        current.attributes.push({
          name: attrName,
          value: attrValue,
          valueStart: i,
          valueEnd: quoted ? endIndex - 1 : endIndex,
          quote: quote === QuoteType.Double ? "double" : quote === QuoteType.Single ? "single" : "unquoted",
        });
      },
      onopentagend(endIndex) {
        if (current) {
          current.end = endIndex + 1;
          emit(current);
        }
        current = null;
      },
      onselfclosingtag(endIndex) {
        if (current) {
          current.end = endIndex + 1;
          emit(current);
        }
        current = null;
      },
      onclosetag(start, endIndex) {
        emit({ kind: "close", name: html.slice(start, endIndex).toLowerCase(), start: start - 2, end: endIndex + 1 });
      },
      oncomment(start, endIndex, endOffset) {
        emit({ kind: "comment", bodyStart: start, bodyEnd: endIndex - endOffset });
      },
      oncdata() {},
      ondeclaration() {},
      onprocessinginstruction() {},
      ontext() {},
      ontextentity() {},
      onend() {},
    },
  );
  tokenizer.write(html);
  tokenizer.end(); // does nothing once paused
  return tokens;
}

export interface Splice {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping splices; everything outside them is copied verbatim. */
export function applySplices(source: string, splices: Splice[]): string {
  if (splices.length === 0) return source;
  const sorted = [...splices].sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const s of sorted) {
    out += source.slice(at, s.start) + s.text;
    at = s.end;
  }
  return out + source.slice(at);
}

/** Escapes text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

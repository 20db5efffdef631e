import { tagged } from "~/domain/html/parse";
import { normalizeText } from "~/domain/html/text";
import { type CheckTable, fail, pass } from "./types";

export const GMAIL_CLIP_BYTES = 102 * 1024;

export const documentChecks: CheckTable = {
  "size-under-gmail-clip": ({ bytes }) =>
    bytes <= GMAIL_CLIP_BYTES
      ? pass(`${(bytes / 1024).toFixed(1)} KB, under Gmail's 102 KB clip`)
      : fail(`${(bytes / 1024).toFixed(1)} KB: Gmail clips messages over 102 KB and hides the rest behind "View entire message"`),

  doctype: ({ doc }) =>
    doc.doctype
      ? pass("Doctype present")
      : fail("No <!DOCTYPE>: clients fall back to quirks mode and Gmail's u + .body hook never matches"),

  charset: ({ doc }) => {
    const metas = tagged(doc, "meta");
    const charsetMeta = metas.find(
      (m) =>
        m.attribs.charset !== undefined ||
        (m.attribs["http-equiv"]?.toLowerCase() === "content-type" && /charset=/i.test(m.attribs.content ?? "")),
    );
    if (!charsetMeta) return fail("No <meta charset>: non-ASCII characters may render as mojibake");
    const value = (charsetMeta.attribs.charset ?? /charset=([^;\s]+)/i.exec(charsetMeta.attribs.content ?? "")?.[1] ?? "").toLowerCase();
    if (value !== "utf-8" && value !== "utf8") return fail(`Charset is "${value}", expected utf-8`);
    const firstInHead = doc.head?.children.find((c) => c.type === "tag");
    if (firstInHead !== charsetMeta) return fail("<meta charset> is not the first element in <head>");
    return pass("UTF-8 declared first in <head>");
  },

  viewport: ({ doc }) => {
    const names = new Set(tagged(doc, "meta").map((m) => (m.attribs.name ?? "").toLowerCase()));
    const missing = ["viewport", "x-apple-disable-message-reformatting"].filter((n) => !names.has(n));
    return missing.length ? fail(`Missing meta: ${missing.join(", ")}`) : pass("Viewport and x-apple-disable-message-reformatting present");
  },

  lang: ({ doc }) => {
    const html = doc.html;
    if (!html) return fail("No <html> element");
    const missing = ["lang", "dir"].filter((a) => !(html.attribs[a] ?? "").trim());
    return missing.length
      ? fail(`<html> lacks ${missing.join(" and ")}: screen readers cannot pick a voice`)
      : pass(`lang="${html.attribs.lang}" dir="${html.attribs.dir}"`);
  },

  title: ({ doc, context }) => {
    const title = tagged(doc, "title")[0];
    const text = title ? normalizeText(textOfTitle(title.children)) : "";
    if (!text) return fail("No <title> (or it is empty): browser views and some clients show it");
    if (context.subject !== undefined && text !== normalizeText(context.subject)) {
      return fail(`<title> "${text.slice(0, 60)}" differs from the subject "${normalizeText(context.subject).slice(0, 60)}"`);
    }
    return pass(`Title "${text.slice(0, 60)}"`);
  },
};

function textOfTitle(children: { type: string; data?: string }[]): string {
  return children.map((c) => (c.type === "text" ? (c.data ?? "") : "")).join("");
}

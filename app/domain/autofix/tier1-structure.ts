import {
  type DomElement,
  type DomNode,
  addClass,
  append,
  element,
  fragment,
  hasClass,
  insertAfter,
  insertAt,
  isElement,
  prepend,
  walk,
} from "~/domain/html/dom";
import { findPreheader } from "~/domain/html/markup";
import { UNSUBSCRIBE_PLACEHOLDER, VIB_PLACEHOLDER } from "~/domain/html/placeholders";
import { normalizeText } from "~/domain/html/text";
import { phrasesFor } from "~/domain/copy/phrases";
import { esc } from "./escape";
import type { FixState } from "./state";
import { GMAIL_BODY_CLASS } from "~/domain/html/webmail";

/** Deeper than any real email; beyond it, junk input is flattened so serialising cannot overflow the stack. */
export const MAX_DEPTH = 256;

const HEAD_TAGS = new Set(["meta", "title", "style", "link", "base"]);

/** Runs after the skeleton exists, so a second pass measures the same depths and changes nothing. */
function flattenDeepNesting(state: FixState): void {
  if (state.doc.maxDepth <= MAX_DEPTH - 2) return;
  const stack: [DomNode, number][] = state.doc.document.children.map((c) => [c, 1]);
  let flattened = 0;
  while (stack.length) {
    const [n, depth] = stack.pop()!;
    if (!isElement(n)) continue;
    if (depth === MAX_DEPTH) {
      if (!n.children.some((c) => "children" in c && c.children.length)) continue;
      const inner = [...walk(n)];
      for (const d of inner) if ("children" in d) d.children = [];
      n.children = [];
      append(n, inner);
      flattened += inner.length;
      continue;
    }
    for (const c of n.children) stack.push([c, depth + 1]);
  }
  if (flattened)
    state.warnings.push(`Markup nested deeper than ${MAX_DEPTH} levels was flattened (${flattened} nodes); the source is probably broken`);
}

/** html > head + body, with stray top-level nodes moved where a browser would put them. */
function ensureSkeleton(state: FixState): void {
  const { doc } = state;
  const document = doc.document;
  // An <html> buried inside other markup cannot be the root without creating a cycle.
  if (doc.html && doc.html.parent !== document) doc.html = null;
  if (!doc.html) {
    const html = element("<html></html>");
    const moving = document.children.filter((c) => c.type !== "directive");
    insertAt(document, document.children.length, [html]);
    append(html, moving);
    doc.html = html;
    state.fixes.push("Wrapped the markup in <html>");
  }
  const html = doc.html;
  const strays = document.children.filter((c) => c !== html && c.type !== "directive");
  if (strays.length) append(html, strays);
  if (!doc.head || doc.head.parent !== html) {
    if (!doc.head) {
      doc.head = element("<head></head>");
      state.fixes.push("Added <head>");
    }
    prepend(html, [doc.head]);
  }
  const head = doc.head;
  if (!doc.body) {
    doc.body = element("<body></body>");
    state.fixes.push("Added <body>");
  }
  const body = doc.body;
  if (body.parent !== html) insertAfter(head, [body]);
  const loose = html.children.filter((c) => c !== head && c !== body);
  const toHead = loose.filter((c) => isElement(c) && HEAD_TAGS.has(c.name));
  const toBody = loose.filter((c) => !toHead.includes(c) && !(c.type === "text" && !c.data.trim()));
  if (toHead.length) append(head, toHead);
  if (toBody.length) {
    const after = toBody.filter((c) => html.children.indexOf(c) > html.children.indexOf(body));
    const before = toBody.filter((c) => !after.includes(c));
    prepend(body, before);
    append(body, after);
  }
  if (!doc.doctype) {
    const doctype = fragment("<!DOCTYPE html>")[0];
    prepend(document, [doctype]);
    doc.doctype = doctype;
    state.fixes.push("Added <!DOCTYPE html>");
  }
}

function metaNamed(head: DomElement, name: string): DomElement | undefined {
  return head.children.find((c): c is DomElement => isElement(c) && c.name === "meta" && (c.attribs.name ?? "").toLowerCase() === name);
}

function ensureHead(state: FixState): void {
  const { doc, context } = state;
  const html = doc.html!;
  const head = doc.head!;
  if (!(html.attribs.lang ?? "").trim()) {
    html.attribs.lang = context.lang ?? "en";
    state.fixes.push(`Set <html lang="${html.attribs.lang}">`);
  }
  if (!(html.attribs.dir ?? "").trim()) {
    html.attribs.dir = context.dir ?? "ltr";
    state.fixes.push(`Set <html dir="${html.attribs.dir}">`);
  }
  let charset = head.children.find(
    (c): c is DomElement =>
      isElement(c) &&
      c.name === "meta" &&
      (c.attribs.charset !== undefined || (c.attribs["http-equiv"] ?? "").toLowerCase() === "content-type"),
  );
  if (!charset) {
    charset = element('<meta charset="utf-8">');
    state.fixes.push('Added <meta charset="utf-8">');
  } else if (charset.attribs.charset !== undefined && !/^utf-?8$/i.test(charset.attribs.charset)) {
    state.fixes.push(`Changed charset "${charset.attribs.charset}" to utf-8`);
    charset.attribs.charset = "utf-8";
  }
  if (head.children.find(isElement) !== charset) {
    prepend(head, [charset]);
    if (state.fixes[state.fixes.length - 1] !== 'Added <meta charset="utf-8">') state.fixes.push("Moved the charset meta first in <head>");
  }
  const wanted: [string, string][] = [
    ["viewport", "width=device-width, initial-scale=1"],
    ["x-apple-disable-message-reformatting", ""],
    ["color-scheme", "light dark"],
    ["supported-color-schemes", "light dark"],
  ];
  let anchor: DomElement = charset;
  for (const [name, content] of wanted) {
    const existing = metaNamed(head, name);
    if (existing) {
      anchor = existing;
      continue;
    }
    const meta = element(`<meta name="${name}"${name === "x-apple-disable-message-reformatting" ? "" : ` content="${content}"`}>`);
    insertAfter(anchor, [meta]);
    anchor = meta;
    state.fixes.push(`Added <meta name="${name}">`);
  }
  let title = head.children.find((c): c is DomElement => isElement(c) && c.name === "title");
  const current = title ? normalizeText(title.children.map((c) => (c.type === "text" ? c.data : "")).join("")) : "";
  if (context.subject !== undefined && normalizeText(context.subject) && current !== normalizeText(context.subject)) {
    if (!title) {
      title = element("<title></title>");
      insertAfter(anchor, [title]);
    }
    title.children = [];
    append(
      title,
      fragment(`<title>${esc(context.subject)}</title>`).flatMap((n) => (isElement(n) ? [...n.children] : [])),
    );
    state.fixes.push(current ? "Set <title> to the subject" : "Added <title> from the subject");
  } else if (!current) {
    state.warnings.push("No <title> and no subject to make one from");
  }
}

function ensureBodyParts(state: FixState): void {
  const { doc, context } = state;
  const body = doc.body!;
  // The links it adds speak the email's language (ensureHead has set <html lang> by now).
  const phrases = phrasesFor(doc.html?.attribs.lang ?? context.lang);
  if (addClass(body, GMAIL_BODY_CLASS)) state.fixes.push('Added class "body" to <body> (Gmail\'s u + .body hook)');
  let preheader = findPreheader(doc);
  if (!preheader && context.preheader && normalizeText(context.preheader)) {
    preheader = element(
      `<div class="kx-preheader" data-kx-autofix="preheader" style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all">${esc(context.preheader)}</div>`,
    );
    prepend(body, [preheader]);
    state.fixes.push("Added the hidden preheader");
  }
  const links = doc.byTag.get("a") ?? [];
  if (!links.some((a) => (a.attribs.href ?? "").includes(VIB_PLACEHOLDER))) {
    const bar = element(
      `<div class="kx-vib-bar" data-kx-autofix="vib" style="padding:8px 0;text-align:center;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;background-color:#ffffff;color:#4d4d4d"><a class="kx-vib" href="${VIB_PLACEHOLDER}" style="color:#4d4d4d;text-decoration:underline">${esc(phrases.viewInBrowser)}</a></div>`,
    );
    if (preheader && preheader.parent === body) insertAfter(preheader, [bar]);
    else prepend(body, [bar]);
    state.fixes.push("Added the view-in-browser link to {{VIB_URL}} at the top");
  }
  if (!links.some((a) => (a.attribs.href ?? "").includes(UNSUBSCRIBE_PLACEHOLDER))) {
    const link = `<a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#4d4d4d;text-decoration:underline">${esc(phrases.unsubscribe)}</a>`;
    const footer = doc.elements.find((e) => e.attribs.class && hasClass(e, "kx-footer"));
    const container = doc.elements.find((e) => e.name === "table" && e.attribs.class && hasClass(e, "kx-container"));
    if (footer) {
      append(footer, [element(`<span data-kx-autofix="unsubscribe" style="display:block;margin:8px 0 0">${link}</span>`)]);
    } else if (container) {
      const rowParent = container.children.find((c): c is DomElement => isElement(c) && c.name === "tbody") ?? container;
      append(
        rowParent,
        fragment(
          `<table><tr data-kx-autofix="unsubscribe"><td class="kx-footer" style="padding:24px;text-align:center;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;background-color:#ffffff;color:#4d4d4d">${link}</td></tr></table>`,
        ).flatMap((t) => (isElement(t) ? descendRows(t) : [])),
      );
    } else {
      append(body, [
        element(
          `<div class="kx-footer" data-kx-autofix="unsubscribe" style="padding:24px;text-align:center;font-family:Arial,Helvetica,sans-serif;font-size:12px;line-height:18px;background-color:#ffffff;color:#4d4d4d">${link}</div>`,
        ),
      ]);
    }
    state.fixes.push("Added an unsubscribe link to {{UNSUBSCRIBE_URL}} in the footer");
  }
}

function descendRows(table: DomElement): DomElement[] {
  return [...walk(table)].filter((n): n is DomElement => isElement(n) && n.name === "tr");
}

export function fixStructure(state: FixState): void {
  ensureSkeleton(state);
  flattenDeepNesting(state);
  ensureHead(state);
  ensureBodyParts(state);
}

import { findPreheader } from "~/domain/html/markup";
import { type DomElement, hasClass } from "~/domain/html/dom";
import { type EmailDoc, tagged } from "~/domain/html/parse";
import { UNSUBSCRIBE_PLACEHOLDER, VIB_PLACEHOLDER, isKnownPlaceholder, placeholdersIn } from "~/domain/html/placeholders";
import { normalizeText, textOf } from "~/domain/html/text";
import { describeMissing } from "../fidelity";
import { describeUntraced } from "../trace";
import { type CheckTable, examples, fail, pass } from "./types";

function hrefIncludes(el: DomElement, token: string): boolean {
  return (el.attribs.href ?? "").includes(token);
}

const cache = new WeakMap<EmailDoc, string>();
/** Every word in the body, hidden ones included (the preheader and fallback carry copy too). */
export function bodyText(doc: EmailDoc): string {
  let t = cache.get(doc);
  if (t === undefined) {
    t = textOf(doc.body ?? doc.document);
    cache.set(doc, t);
  }
  return t;
}

export const contentChecks: CheckTable = {
  preheader: ({ doc, context }) => {
    const el = findPreheader(doc);
    if (!el) return fail('No hidden preheader: inboxes show the first body words (often "View in browser") as the preview');
    const text = textOf(el);
    if (!text) return fail("The preheader is empty");
    if (context.subject !== undefined && text === normalizeText(context.subject)) return fail("The preheader repeats the subject");
    if (context.preheader !== undefined && !text.startsWith(normalizeText(context.preheader))) {
      return fail(`Preheader "${text.slice(0, 50)}" differs from the copy's "${normalizeText(context.preheader).slice(0, 50)}"`);
    }
    return pass(`Preheader "${text.slice(0, 60)}"`);
  },

  "vib-link": ({ doc }) => {
    const links = tagged(doc, "a");
    const vib = links.find((a) => hrefIncludes(a, VIB_PLACEHOLDER));
    if (!vib) return fail(`No link to ${VIB_PLACEHOLDER}`);
    const at = doc.elements.indexOf(vib);
    const firstContent = doc.elements.findIndex((e) => e.name === "img" || (!!e.attribs.class && hasClass(e, "kx-section")));
    if (firstContent >= 0 && firstContent < at) return fail("The view-in-browser link comes after the content; it belongs at the top");
    return pass("View-in-browser link at the top");
  },

  unsubscribe: ({ doc }) =>
    tagged(doc, "a").some((a) => hrefIncludes(a, UNSUBSCRIBE_PLACEHOLDER))
      ? pass("Unsubscribe link present")
      : fail(`No link to ${UNSUBSCRIBE_PLACEHOLDER}: bulk mail without one is junked by Gmail and Yahoo`),

  placeholders: ({ doc }) => {
    const unknown = new Set<string>();
    for (const t of doc.texts) for (const p of placeholdersIn(t.data)) if (!isKnownPlaceholder(p)) unknown.add(p);
    for (const el of doc.elements) {
      for (const v of Object.values(el.attribs)) for (const p of placeholdersIn(v)) if (!isKnownPlaceholder(p)) unknown.add(p);
    }
    return unknown.size ? fail(`Unknown placeholders would reach readers: ${examples([...unknown], 5)}`) : pass("Only known placeholders");
  },

  // Folded with prompt fidelity (docs/qa.md): both compare the email's words with their source,
  // the CopyDoc word for word and the prompt's facts in each view a reader can get.
  "copy-verbatim": ({ doc, context, fidelity, trace }) => {
    const problems: string[] = [];
    let placed = 0;
    const copy = context.copyDoc;
    if (copy) {
      const text = bodyText(doc);
      const expected: string[] = [];
      for (const s of copy.sections ?? []) expected.push(s.headline ?? "", s.body ?? "", s.cta ?? "");
      for (const i of copy.items ?? []) expected.push(i.label ?? "", i.headline ?? "", i.body ?? "");
      if (copy.preheader) expected.push(copy.preheader);
      const missing = expected.map(normalizeText).filter((s) => s && !text.includes(s));
      const title = normalizeText(tagged(doc, "title")[0] ? textOf(tagged(doc, "title")[0]) : "");
      if (copy.subject && doc.head && !titleMatches(doc, copy.subject))
        missing.push(`subject "${normalizeText(copy.subject)}" (title is "${title}")`);
      placed = expected.filter(Boolean).length;
      if (missing.length) {
        problems.push(
          `${missing.length} piece(s) of copy are not in the email word for word: ${examples(missing.map((m) => `"${m.slice(0, 50)}"`))}`,
        );
      }
    }
    if (fidelity.missing.length) problems.push(`Prompt facts not visible: ${examples(fidelity.missing.map(describeMissing), 4)}`);
    if (trace.untraced.length) problems.push(`Claims not in the brief: ${examples(trace.untraced.map(describeUntraced), 4)}`);
    if (problems.length) return fail(problems.join("; "));
    const parts = [
      copy ? `All ${placed} pieces of copy placed verbatim` : "No copy document given",
      fidelity.checked ? `all ${fidelity.checked} prompt facts visible in every view` : "no prompt facts to find",
      ...(trace.checked ? [`all ${trace.checked} claims trace to the brief`] : []),
    ];
    return pass(parts.join("; "));
  },
};

function titleMatches(doc: EmailDoc, subject: string): boolean {
  const title = tagged(doc, "title")[0];
  if (!title) return false;
  const t = normalizeText(title.children.map((c) => (c.type === "text" ? c.data : "")).join(""));
  return t === normalizeText(subject);
}

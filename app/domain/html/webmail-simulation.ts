// What two webmail clients do to an email's HTML, as a pure transform, so a person can see the
// version their Gmail and Outlook.com readers get (the builder's preview) and the browser tests
// can check the same thing. Only the documented behaviours that decide which part of an
// interactive email shows are simulated (docs/email-markup.md "Client targeting"):
//
// - Gmail has no `:checked`: every rule whose selector mentions it is dropped (inside @media
//   too). The doctype becomes `<u></u>` and `<body>` a `<div>` keeping its attributes, which is
//   what makes Gmail's `u + .body` selectors match (only when the email had a doctype).
// - Outlook.com renames every class in the markup to `x_<class>` but leaves the CSS alone, so
//   class selectors stop matching and `[class~="x_…"]` attribute selectors start to.
//
// Not simulated: Gmail's scoping of rules under `div.m<hash>`, its 16 KB style cap, image
// proxying, and everything else a real client does. The preview says so.
import type * as csstree from "css-tree";
import { cssTree } from "./css-tree";
import { parseDocument } from "htmlparser2";
import { PARSE_OPTIONS, isElement, type DomElement, type DomNode, type DomParent } from "./dom";
import { serializeDocument } from "./serialize";
import { outlookComClass } from "./webmail";

export type WebmailClient = "gmail" | "outlook-com";

export interface Simulation {
  html: string;
  /** What was changed, in words a person reads next to the preview. */
  changes: string[];
}

export const SIMULATED: Record<WebmailClient, { label: string; explains: string }> = {
  gmail: {
    label: "Gmail",
    explains:
      'Gmail drops every CSS rule that uses :checked and turns the doctype and <body> into <u></u><div class="body">, so its readers see the static fallback (the email\'s u + .body rules show it).',
  },
  "outlook-com": {
    label: "Outlook.com",
    explains:
      'Outlook.com renames every class to x_<name> but keeps the CSS, so class selectors stop matching; the email\'s [class~="x_…"] rules show the fallback.',
  },
};

/** Every element under `root`, without recursion (documents can be deep). */
function elementsOf(root: DomParent): DomElement[] {
  const out: DomElement[] = [];
  const stack: DomNode[] = [...root.children].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (!isElement(node)) continue;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return out;
}

/** The stylesheet without the rules whose selector uses :checked; how many went. */
function withoutChecked(css: string): { css: string; removed: number } {
  let ast: csstree.CssNode;
  try {
    ast = cssTree().parse(css, { parseValue: false, parseAtrulePrelude: false });
  } catch {
    return { css, removed: 0 };
  }
  let removed = 0;
  cssTree().walk(ast, {
    visit: "Rule",
    enter(node, item, list) {
      const selector = cssTree().generate(node.prelude);
      if (/:checked\b/i.test(selector) && list) {
        list.remove(item);
        removed++;
      }
    },
  });
  return { css: cssTree().generate(ast), removed };
}

function textOf(el: DomElement): string {
  return el.children.map((c) => ("data" in c ? String(c.data) : "")).join("");
}

function setText(el: DomElement, text: string): void {
  const [first] = el.children;
  if (first && "data" in first) {
    (first as { data: string }).data = text;
    el.children = [first];
  }
}

function gmail(html: string): Simulation {
  const document = parseDocument(html, PARSE_OPTIONS);
  const changes: string[] = [];
  let removed = 0;
  const all = elementsOf(document);
  for (const el of all) {
    if (el.name !== "style") continue;
    const pruned = withoutChecked(textOf(el));
    if (pruned.removed) {
      setText(el, pruned.css);
      removed += pruned.removed;
    }
  }
  changes.push(removed ? `Removed ${removed} CSS rule${removed === 1 ? "" : "s"} using :checked` : "No :checked rules to remove");
  const hadDoctype = document.children.some((n) => n.type === "directive");
  const body = all.find((el) => el.name === "body");
  if (body) {
    // <body …> becomes <div …> in place; the doctype becomes the <u></u> right before it.
    const wrapper = parseDocument(`${hadDoctype ? "<u></u>" : ""}<div></div>`, PARSE_OPTIONS);
    const div = wrapper.children.find((n): n is DomElement => isElement(n) && n.name === "div")!;
    div.attribs = { ...body.attribs };
    div.children = body.children;
    for (const child of div.children) child.parent = div;
    body.children = wrapper.children;
    for (const child of body.children) child.parent = body;
    body.attribs = {};
    changes.push(
      hadDoctype
        ? "Doctype and <body> became <u></u><div> (Gmail's u + .body selectors now match)"
        : "<body> became a <div> (no doctype, so no <u></u>: u + .body selectors do not match)",
    );
  }
  return { html: serializeDocument(document), changes };
}

function outlookCom(html: string): Simulation {
  const document = parseDocument(html, PARSE_OPTIONS);
  let renamed = 0;
  for (const el of elementsOf(document)) {
    const cls = el.attribs.class;
    if (!cls || !cls.trim()) continue;
    el.attribs.class = cls.split(/\s+/).filter(Boolean).map(outlookComClass).join(" ");
    renamed++;
  }
  return { html: serializeDocument(document), changes: [`Renamed the classes of ${renamed} element${renamed === 1 ? "" : "s"} to x_…`] };
}

/** The email as the client would render it (see the top of this file for what is simulated). */
export function simulateWebmail(html: string, client: WebmailClient): Simulation {
  return client === "gmail" ? gmail(html) : outlookCom(html);
}

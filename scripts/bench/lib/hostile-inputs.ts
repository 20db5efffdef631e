// The hostile inputs of `npm run bench -- hostile`: prompts that make regexes backtrack, HTML
// nested or repeated to extremes, JSON nested past any real use, page forms whose field names
// carry huge list indices or one name a megabyte of times. Bodies are built as strings: a
// 100,000-deep value cannot go through JSON.stringify.
import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import type { PageSession } from "./page-session";

export interface HostileCase {
  endpoint: string;
  name: string;
  method: "POST";
  path: string;
  /**
   * Built when sent (together the bodies would be hundreds of megabytes), per repetition: a send
   * differs in each one, or the second would find its template cached.
   */
  body: (rep: number) => string;
  /** Extra request headers (e.g. Accept: text/event-stream). */
  headers?: Record<string, string>;
}

/** Repeats `unit` up to `chars` characters. */
const fill = (unit: string, chars: number) => unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);

export const PROMPT_CHARS = 20_000;

/** Prompts at the prompt cap that hit the parser's worst paths (found by timing each extractor). */
export function hostilePrompts(): Record<string, string> {
  const n = PROMPT_CHARS;
  return {
    "tab-colon-x4000": "Tab: ".repeat(4000),
    "space-run": `a${" ".repeat(n - 2)}b`,
    "tab-run": `a${"\t".repeat(n - 2)}b`,
    "nbsp-run": `a${"\u00a0".repeat(n - 2)}b`,
    "space-newline-run": `a${fill(" \n", n - 2)}b`,
    digits: fill("1", n),
    "digit-pairs": fill("12", n),
    "digits-dots": fill("1.", n),
    "digits-commas": fill("1,", n),
    "dollar-digits": fill("$1", n),
    "currency-symbols": fill("$€£¥₹", n),
    "percent-run": fill("1% ", n),
    parens: fill("(", n),
    colons: fill(":", n),
    punctuation: fill(".,;:!?-", n),
    "with-x": fill("with ", n),
    "and-x": fill("a and ", n),
    "button-colon": fill("button: ", n),
    "caps-dots": fill("A.", n),
    "caps-words": fill("Ab Cd ", n),
    "for-caps": `for ${fill("Aa ", n - 4)}`,
    "introducing-unclosed-quote": `${fill("introducing ", n - 3)}"x`,
    "our-new-unclosed-quote": `${fill("our new ", n - 3)}"x`,
    "send-to": fill("send to ", n),
    quotes: fill('"', n),
    "open-quote-words": `"${fill("word ", n - 1)}`,
    urls: fill("http://", n),
    www: fill("www.", n),
    emoji: fill("😀", n),
    "emoji-words": fill("😀 Tab ", n),
    bullets: fill("- a\n", n),
    "survey-no-question-mark": `survey ${fill("a", n - 7)}`,
    "survey-questions": `survey ${fill("a, b or c? ", n - 7)}`,
    months: fill("may 1 ", n),
    "code-x": fill("code ", n),
    "brand-is": fill("brand is ", n),
    "audience-is": `audience is ${fill("busy people ", n - 12)}`,
    "free-shipping-on": `free shipping on ${fill("everything ", n - 17)}`,
    "long-url": `https://x.example/${fill("a", n - 18)}`,
    "one-long-word": fill("a", n),
    "one-long-capital-word": fill("A", n),
    "for-long-name": `for ${fill("Ab", n - 4)}`,
    "long-items": `Tabs for ${fill("a", 6000)}, ${fill("b", 6000)} and ${fill("c", 6000)}`,
    "long-priced-items": `Cart with ${fill("x", 9000)} $5, ${fill("y", 9000)} $7`,
    "question-options": `Survey: which ${fill("a", 9000)} — ${fill("b", 5000)} or ${fill("c", 5000)}?`,
    "realistic-long": fill("Spring sale for Bloom & Co: tabs for Dresses ($49), Shoes ($79) and Bags ($59), 20% off until May 3. ", n),
  };
}

const bigText = (n: number) => fill("lorem ipsum dolor sit amet ", n);

/** HTML documents of about `bytes` that stress parsers, tree walks and serialisation. */
export function hostileHtml(bytes: number): Record<string, string> {
  const deep = (open: string, close: string, depth: number) => open.repeat(depth) + "x" + close.repeat(depth);
  return {
    "deep-div-100k": deep("<div>", "</div>", 100_000),
    "deep-b-unclosed-100k": "<b>".repeat(100_000),
    "deep-table-20k": deep("<table><tr><td>", "</td></tr></table>", 20_000),
    "deep-1000": deep("<div>", "</div>", 1000),
    "many-tiny-elements": `<html><body>${fill("<i></i>", bytes)}</body></html>`,
    "many-paragraphs": `<html><body>${fill("<p>a</p>", bytes)}</body></html>`,
    "huge-attribute-list": `<html><body><div ${Array.from({ length: Math.floor(bytes / 8) }, (_, i) => `a${i}="1"`).join(" ")}>x</div></body></html>`,
    "long-attribute-value": `<html><body><a href="https://x.example/${fill("a", bytes)}" style="${fill("color:red;", bytes / 4)}">x</a></body></html>`,
    "huge-style": `<html><head><style>${fill(".a .b > .c:hover + .d ~ .e{color:red;background:url(a.png)} ", bytes)}</style></head><body>x</body></html>`,
    "mso-comments-nested": fill("<!--[if mso]>", bytes),
    comments: fill("<!-- x -->", bytes),
    entities: `<html><body>${fill("&amp;&#169;&nbsp;", bytes)}</body></html>`,
    "text-no-tags": bigText(bytes),
    "whitespace-text": `<p>${" ".repeat(bytes)}</p>`,
    "images-relative": `<html><body>${fill('<img src="/i.png" srcset="/a.png 1x, /b.png 2x">', bytes)}</body></html>`,
    "unclosed-tags": fill("<p><li><td><option>", bytes),
    "nested-media-css": `<html><head><style>${"@media screen{".repeat(2000)}a{color:red}${"}".repeat(2000)}</style></head><body>x</body></html>`,
    "nested-selector-css": `<html><head><style>${":is(".repeat(5000)}a${")".repeat(5000)}{color:red}</style></head><body>x</body></html>`,
  };
}

/**
 * HTML just inside the limits of app/domain/html/limits.ts: accepted, so the whole pipeline runs on
 * it. (The cases above mostly test the rejection.) Nodes are elements, attributes, text nodes and
 * comments: a `<p class="x">x</p>` is three.
 */
export function htmlAtLimits(limits: {
  maxChars: number;
  maxDepth: number;
  maxNodes: number;
  maxStyleChars: number;
  maxCssDepth: number;
}): Record<string, string> {
  const doc = (head: string, body: string) =>
    `<!DOCTYPE html><html lang="en"><head><title>T</title>${head}</head><body>${body}</body></html>`;
  const budget = limits.maxChars - 200;
  const nodes = limits.maxNodes - 20;
  return {
    "cap-depth": doc("", `${"<div>".repeat(limits.maxDepth - 3)}<h1>x</h1>${"</div>".repeat(limits.maxDepth - 3)}`),
    "cap-tiny-elements": doc("", fill("<i></i>", Math.min(budget, nodes * 7))),
    "cap-paragraphs": doc("", fill('<p class="kx-text">x</p>', Math.min(budget, (nodes / 3) * 24))),
    "cap-table-cells": doc("", `<table>${fill("<tr><td>a</td><td>b</td></tr>", Math.min(budget, (nodes / 5) * 28))}</table>`),
    "cap-links": doc(
      "",
      fill('<a href="https://x.example/a" class="kx-btn" style="background-color:#123456">Go</a>', Math.min(budget, (nodes / 5) * 80)),
    ),
    "cap-attributes": doc("", `<div ${Array.from({ length: nodes - 2 }, (_, i) => `a${i}=""`).join(" ")}>x</div>`.slice(0, budget)),
    "cap-comments": fill("<!-- x -->", Math.min(budget, nodes * 10)),
    "cap-mso-comments": fill('<!--[if mso]><v:image src="/a.png"/><![endif]-->', Math.min(budget, nodes * 46)),
    "cap-style": doc(
      `<style>${fill(".a .b > .c:hover + .d ~ .e{color:#123456;background:url(a.png)} ", limits.maxStyleChars - 10)}</style>`,
      "<p>x</p>",
    ),
    "cap-inline-styles": doc(
      "",
      fill(
        '<p style="color:#123456;background-color:#ffffff;padding:1px 2px;margin:0;font:12px a">x</p>',
        Math.min(budget, (nodes / 3) * 90),
      ),
    ),
    "cap-text": doc("", `<p>${fill("lorem ipsum dolor sit amet ", budget)}</p>`),
    "cap-entities": doc("", `<p>${fill("&amp;&#169;&nbsp;&lt;", budget)}</p>`),
    "cap-images": doc("", fill('<img src="/i.png" srcset="/a.png 1x, /b.png 2x" alt="">', Math.min(budget, (nodes / 4) * 50))),
    "cap-mismatched-close": doc("", `${"<b>".repeat(limits.maxDepth - 4)}${fill("</i>", budget - limits.maxDepth * 3)}`),
    "cap-css-depth": doc(
      `<style>${fill(`${"@media screen{".repeat(limits.maxCssDepth - 1)}a{color:red}${"}".repeat(limits.maxCssDepth - 1)}`, limits.maxStyleChars - 10)}</style>`,
      "<p>x</p>",
    ),
  };
}

const j = (v: unknown) => JSON.stringify(v);

/** A JSON object `{ prefix…, "deep": [[[…]]] }` nested `depth` levels, as text. */
function deepJson(prefix: Record<string, unknown>, depth: number, kind: "array" | "object"): string {
  const head = j(prefix).slice(0, -1);
  const sep = head === "{" ? "" : ",";
  return kind === "array"
    ? `${head}${sep}"deep":${"[".repeat(depth)}${"]".repeat(depth)}}`
    : `${head}${sep}"deep":${'{"a":'.repeat(depth)}1${"}".repeat(depth)}}`;
}

/** Every endpoint that parses text or HTML, with its worst inputs. `htmlBytes` sizes the flat HTML cases. */
export function hostileCases(opts: {
  htmlBytes: number;
  /** The HTML limits (app/domain/html/limits.ts), for documents just inside them. */
  htmlLimits: { maxChars: number; maxDepth: number; maxNodes: number; maxStyleChars: number; maxCssDepth: number };
  /** The shared limits of saved and locked sections. */
  placedLimits: { maxChars: number; maxNodes: number };
  promptFilter?: (name: string) => boolean;
}): HostileCase[] {
  const cases: HostileCase[] = [];
  const add = (endpoint: string, name: string, path: string, body: string | ((rep: number) => string), headers?: Record<string, string>) =>
    cases.push({ endpoint, name, method: "POST", path, body: typeof body === "string" ? () => body : body, headers });
  const prompts = Object.entries(hostilePrompts()).filter(([name]) => !opts.promptFilter || opts.promptFilter(name));
  const htmlNames = Object.keys(hostileHtml(0));
  const htmlOf = (name: string) => hostileHtml(opts.htmlBytes)[name];
  const blueprint = sampleBlueprint("tabs");
  const small =
    '<html><head><title>Hi</title></head><body><h1>Hello</h1><p>Text</p><a class="kx-btn" href="https://x.example">Go</a></body></html>';

  // Deep and wide JSON, to every endpoint that reads a JSON body.
  const jsonEndpoints: Array<[string, string, Record<string, unknown>]> = [
    ["gen.copy", "/api/gen/copy", { prompt: "Tabs for A, B and C" }],
    ["gen.blueprint", "/api/gen/blueprint", { prompt: "Tabs for A, B and C" }],
    ["generate", "/api/generate", { prompt: "Tabs for A, B and C" }],
    ["generate-email", "/api/generate-email", { prompt: "Tabs for A, B and C" }],
    ["gen.amp", "/api/gen/amp", { blueprint }],
    ["admin.submit-content", "/api/admin/submit-content", { uploadType: "html", htmlContent: small, description: "d" }],
    ["admin.update-content", "/api/admin/update-content", { id: "html-1-x" }],
    ["admin.auto-tag", "/api/admin/auto-tag", { htmlContent: small }],
    ["eval.judge", "/api/eval/judge", { prompt: "Tabs", html: small }],
    ["send-email-esp", "/api/send-email-esp", { to: "reader@example.com", html: small }],
    ["admin.submit-feedback", "/api/admin/submit-feedback", { prompt: "p", rating: "up" }],
    ["admin.eval", "/api/admin/eval", { action: "saveResult", runId: "r" }],
  ];
  for (const [endpoint, path, prefix] of jsonEndpoints) {
    add(endpoint, "json-deep-array-100k", path, deepJson(prefix, 100_000, "array"));
    add(endpoint, "json-deep-object-100k", path, deepJson(prefix, 100_000, "object"));
  }
  // The largest body the limit lets through, all nesting: JSON.parse alone is slow on it.
  const limitDeep = Math.floor((5 * 1024 * 1024 - 200) / 2);
  add("generate", "json-deep-array-at-body-limit", "/api/generate", () => deepJson({ prompt: "x" }, limitDeep, "array"));
  add(
    "generate",
    "json-wide-images",
    "/api/generate",
    () => `{"prompt":"Tabs for A and B","images":[${fill("{},", 3_000_000).slice(0, -1)}]}`,
  );
  add(
    "gen.blueprint",
    "json-wide-saved-sections",
    "/api/gen/blueprint",
    () => `{"prompt":"Tabs for A and B","savedSections":[${fill('{"html":1},', 3_000_000).replace(/,?$/, "")}]}`,
  );
  add(
    "admin.eval",
    "json-deep-details-60",
    "/api/admin/eval",
    j({ action: "saveResult", runId: "r" }).slice(0, -1) + `,"result":{"details":${'{"a":'.repeat(60)}1${"}".repeat(60)}}}`,
  );

  // Prompts: the parser runs in every generation endpoint.
  for (const [name, prompt] of prompts) {
    add("gen.copy", `prompt-${name}`, "/api/gen/copy", j({ prompt }));
    add("gen.blueprint", `prompt-${name}`, "/api/gen/blueprint", j({ prompt }));
    add("generate", `prompt-${name}`, "/api/generate", j({ prompt, generateAmp: true }));
    add("generate-email", `prompt-${name}`, "/api/generate-email", j({ prompt }));
    add("generate-email.refine", `instructions-${name}`, "/api/generate-email", j({ prompt, refine: true, currentHtml: small }));
    add("eval.judge", `prompt-${name}`, "/api/eval/judge", j({ prompt, html: small }));
    add(
      "admin.submit-feedback",
      `prompt-${name}`,
      "/api/admin/submit-feedback",
      j({ prompt, rating: "up", comment: prompt.slice(0, 4000) }),
    );
  }
  for (const name of ["tab-colon-x4000", "space-run", "digits"]) {
    const prompt = hostilePrompts()[name];
    if (opts.promptFilter && !opts.promptFilter(name)) continue;
    add("generate.sse", `prompt-${name}`, "/api/generate", j({ prompt }), { accept: "text/event-stream" });
  }
  add("gen.copy", "prompt-over-cap", "/api/gen/copy", j({ prompt: fill("Tabs for A, B and C. ", PROMPT_CHARS + 1) }));
  add("generate", "prompt-over-cap", "/api/generate", j({ prompt: fill("Tabs for A, B and C. ", 1_000_000) }));

  // HTML: every endpoint that takes HTML.
  for (const name of htmlNames) {
    const html = () => htmlOf(name);
    add("generate-email.refine", `html-${name}`, "/api/generate-email", () =>
      j({ prompt: 'Replace "x" with "y". Change the headline to "New"', refine: true, currentHtml: html() }),
    );
    add("gen.amp", `html-${name}`, "/api/gen/amp", () => j({ blueprint, html: html() }));
    add("admin.submit-content", `html-${name}`, "/api/admin/submit-content", () =>
      j({ uploadType: "html", htmlContent: html(), description: `hostile ${name}` }),
    );
    add("admin.submit-content", `amp-${name}`, "/api/admin/submit-content", () =>
      j({ uploadType: "amp", htmlContent: html(), description: `hostile ${name}` }),
    );
    add("admin.auto-tag", `html-${name}`, "/api/admin/auto-tag", () => j({ htmlContent: html() }));
    add("eval.judge", `html-${name}`, "/api/eval/judge", () => j({ prompt: "Tabs for A, B and C", html: html() }));
    add("send-email-esp", `html-${name}`, "/api/send-email-esp", (rep) =>
      j({ to: "reader@example.com", subject: "Hostile", html: `${html()}<!--${rep}-->`, ampHtml: html() }),
    );
  }
  // Just inside the HTML limits: accepted, so the whole pipeline runs.
  for (const [name, html] of Object.entries(htmlAtLimits(opts.htmlLimits))) {
    add("generate-email.refine", `html-${name}`, "/api/generate-email", () =>
      j({ prompt: 'Replace "x" with "y". Change the headline to "New"', refine: true, currentHtml: html }),
    );
    add("gen.amp", `html-${name}`, "/api/gen/amp", () => j({ blueprint, html }));
    add("admin.submit-content", `html-${name}`, "/api/admin/submit-content", () =>
      j({ uploadType: "html", htmlContent: html, description: `hostile ${name}` }),
    );
    add("admin.submit-content", `amp-${name}`, "/api/admin/submit-content", () =>
      j({ uploadType: "amp", htmlContent: html, description: `hostile ${name}` }),
    );
    add("admin.auto-tag", `html-${name}`, "/api/admin/auto-tag", () => j({ htmlContent: html }));
    add("eval.judge", `html-${name}`, "/api/eval/judge", () => j({ prompt: "Tabs for A, B and C", html }));
    add("send-email-esp", `html-${name}`, "/api/send-email-esp", (rep) =>
      j({ to: "reader@example.com", subject: "Hostile", html: `${html}<!--${rep}-->`, ampHtml: html }),
    );
  }
  // As many instructions as the prompt limit holds, each a real edit, on an email at the limits.
  const edits = fill('Change the headline to "H". ', PROMPT_CHARS);
  add("generate-email.refine", "many-instructions-on-cap-paragraphs", "/api/generate-email", () =>
    j({ prompt: edits, refine: true, currentHtml: htmlAtLimits(opts.htmlLimits)["cap-paragraphs"] }),
  );
  // Saved sections and locked blueprint HTML are HTML too.
  const deepSection = "<div>".repeat(12_000) + "</div>".repeat(12_000);
  add(
    "generate",
    "saved-sections-deep",
    "/api/generate",
    j({ prompt: "Tabs for A, B and C", savedSections: Array.from({ length: 10 }, () => ({ html: deepSection.slice(0, 60_000) })) }),
  );
  add(
    "generate",
    "saved-sections-at-caps",
    "/api/generate",
    j({ prompt: "Tabs for A, B and C", savedSections: Array.from({ length: 10 }, () => ({ html: fill("<p>a</p>", 60_000) })) }),
  );
  // Saved sections filling their shared budget, placed into a generated email (with its AMP part).
  const sectionChars = Math.floor(opts.placedLimits.maxChars / 10) - 10;
  const sectionParagraphs = Math.floor((opts.placedLimits.maxNodes - 20) / 10 / 2);
  const saved = (html: string) =>
    j({ prompt: "Tabs for A, B and C", generateAmp: true, savedSections: Array.from({ length: 10 }, () => ({ html })) });
  add("generate", "saved-sections-nodes-at-limit", "/api/generate", saved(fill("<p>a</p>", Math.min(sectionChars, sectionParagraphs * 8))));
  add(
    "generate",
    "saved-sections-text-at-limit",
    "/api/generate",
    saved(`<p>${fill("lorem ipsum dolor sit amet ", sectionChars - 7)}</p>`),
  );
  add(
    "gen.blueprint",
    "saved-sections-at-caps",
    "/api/gen/blueprint",
    j({ prompt: "Tabs for A, B and C", savedSections: Array.from({ length: 10 }, () => ({ html: fill("<i></i>", 60_000) })) }),
  );
  const locked = {
    ...blueprint,
    sections: Array.from({ length: 20 }, (_, i) => ({ id: `s${i}`, role: "body", lockedHtml: fill("<i></i>", 60_000) })),
  };
  add("generate", "blueprint-locked-html-at-caps", "/api/generate", j({ prompt: "Tabs for A, B and C", blueprint: locked }));
  const lockedDeep = {
    ...blueprint,
    sections: [{ id: "s0", role: "body", lockedHtml: deepSection.slice(0, 60_000) }, ...blueprint.sections],
  };
  add("generate", "blueprint-locked-html-deep", "/api/generate", j({ prompt: "Tabs for A, B and C", blueprint: lockedDeep }));
  return cases;
}

/** The list indices of the page-form cases: 10^6 and 10^9 (one 10^6 index held the server 13 s). */
export const HUGE_INDICES = [1_000_000, 1_000_000_000] as const;
/** The size of a page-form body that repeats one name: within the page body limit (1 MiB). */
const REPEAT_BYTES = 1_000_000;

interface PageForm {
  /** Who posts it: the signed-in bench user (an admin), or a visitor (the sign-in form). */
  who?: "anonymous";
  path: string;
  /** The form's own fields, as the page posts them. */
  fields: Array<[string, string]>;
  /** Field names with an index, `#` standing for it. */
  indexed: string[];
  /** A name posted REPEAT_BYTES worth of times. */
  repeated?: string;
  /** A comma-separated list field filled to REPEAT_BYTES (split into one entry per item before parsing). */
  commaList?: string;
}

/**
 * Every page form, each with its list fields (or, for a form with none, a plain field) posted
 * with the HUGE_INDICES, and one name repeated to a megabyte: each must be refused (or ignored,
 * for the forms read by hand) within the block limit. Endpoints are "page <form>".
 */
export function pageFormCases(s: PageSession): HostileCase[] {
  const version = `/builder/v/${s.versionId}`;
  const library: Array<[string, string]> = [
    ["intent", "submit"],
    ["uploadType", "html"],
    ["htmlContent", "<p>x</p>"],
    ["description", "d"],
  ];
  const forms: Record<string, PageForm> = {
    "builder brief": {
      path: "/builder?index",
      fields: [
        ["intent", "understand"],
        ["prompt", "Spring sale"],
      ],
      indexed: ["images[#].url", "images.#.url", "savedSections[#].html", "techniques[#]"],
      repeated: "images",
    },
    "builder generate": {
      path: "/builder/generate",
      fields: [
        ["intent", "generate"],
        ["prompt", "Spring sale"],
      ],
      indexed: ["images[#].url", "savedSections[#].html"],
      repeated: "savedSections[0].html",
    },
    // The Check and copy steps are read by hand (a bounded loop per list): an index past it is never read.
    "builder check": {
      path: "/builder?index",
      fields: [
        ["intent", "add:nothing"],
        ["brief", s.understood.brief],
        ["u.read", s.understood.read],
      ],
      indexed: ["u.items.#.name", "u.questions.0.options.#", "u.links.#"],
      repeated: "u.items.0.name",
    },
    "builder copy": {
      path: "/builder?index",
      fields: [
        ["intent", "generate-copy"],
        ["brief", s.understood.brief],
        ["copy.preheader", "p"],
      ],
      indexed: ["copy.sections.#.headline", "copy.items.#.label"],
      repeated: "copy.sections.0.headline",
    },
    "library upload": {
      path: "/admin/library",
      fields: library,
      indexed: ["keyFeatures[#]", "bestPracticeTags[#]", "techniquesCovered[#]"],
      repeated: "keyFeatures",
      commaList: "bestPracticeTags",
    },
    "library autotag": { path: "/admin/library", fields: [["intent", "autotag"], ...library.slice(1)], indexed: ["htmlContent[#]"] },
    "library delete": { path: "/admin/library", fields: [["intent", "delete"]], indexed: ["id[#]"] },
    "save to library": {
      path: `${version}/library`,
      fields: [["description", "d"]],
      indexed: ["keyFeatures[#]", "bestPracticeTags[#]"],
      repeated: "keyFeatures",
      commaList: "keyFeatures",
    },
    "sign-in": {
      who: "anonymous",
      path: "/login",
      fields: [
        ["email", "a@example.com"],
        ["password", "x"],
      ],
      indexed: ["email[#]"],
      repeated: "email",
    },
    account: {
      path: "/account",
      fields: [
        ["current", "x"],
        ["password", "yyyyyyyy"],
        ["confirm", "yyyyyyyy"],
      ],
      indexed: ["current[#]"],
      repeated: "confirm",
    },
    "tokens create": {
      path: "/tokens",
      fields: [
        ["intent", "create"],
        ["name", "n"],
        ["ttl", "7d"],
      ],
      indexed: ["name[#]"],
      repeated: "name",
    },
    "tokens revoke": { path: "/tokens", fields: [["intent", "revoke"]], indexed: ["jti[#]"] },
    brand: { path: "/brand", fields: [["senderName", "Bloom"]], indexed: ["logoUrl[#]", "websiteUrl.#"], repeated: "senderName" },
    "admin create user": {
      path: "/admin",
      fields: [
        ["intent", "create"],
        ["email", "n@example.com"],
        ["password", "x"],
        ["credits", "1"],
      ],
      indexed: ["email[#]"],
      repeated: "email",
    },
    "admin grant": {
      path: "/admin",
      fields: [
        ["intent", "grant"],
        ["userId", s.userId],
      ],
      indexed: ["credits[#]"],
    },
    "admin user": {
      path: `/admin/users/${s.userId}`,
      fields: [["intent", "temporary-password"]],
      indexed: ["password[#]"],
      repeated: "password",
    },
    "evals start": {
      path: "/admin/evals",
      fields: [
        ["intent", "start"],
        ["set", "prompts.v1.json"],
      ],
      indexed: ["label[#]"],
      repeated: "label",
    },
    "eval stop": { path: "/admin/evals/no-such-run", fields: [["intent", "stop"]], indexed: ["intent[#]"], repeated: "b" },
    "alerts ack": { path: "/admin/deliverability/alerts", fields: [["intent", "ack"]], indexed: ["id[#]"], repeated: "id" },
    lift: {
      path: "/admin/deliverability/lift",
      fields: [
        ["intent", "lift"],
        ["confirm", "yes"],
      ],
      indexed: ["email[#]"],
    },
    suppress: {
      path: "/admin/deliverability/suppressions",
      fields: [
        ["intent", "suppress"],
        ["reason", "manual"],
      ],
      indexed: ["email[#]"],
      repeated: "email",
    },
    "recipient suppress": {
      path: "/admin/deliverability/recipient?email=r%40example.com",
      fields: [
        ["intent", "suppress"],
        ["reason", "manual"],
      ],
      indexed: ["email[#]"],
    },
    feedback: { path: `${version}/feedback`, fields: [["rating", "up"]], indexed: ["comment[#]"], repeated: "comment" },
    "send test": { path: `${version}/send-test`, fields: [], indexed: ["to[#]"], repeated: "to" },
    refine: { path: `${version}/refine`, fields: [], indexed: ["instructions[#]"], repeated: "instructions" },
    unsubscribe: { path: s.unsubscribePath, fields: [], indexed: ["List-Unsubscribe[#]"], repeated: "List-Unsubscribe" },
  };

  const cases: HostileCase[] = [];
  for (const [form, f] of Object.entries(forms)) {
    const standing = f.who === "anonymous" ? s.anonymous : s;
    const body = (entries: Array<[string, string]>) => new URLSearchParams([["_csrf", standing.csrf], ...f.fields, ...entries]).toString();
    const add = (name: string, make: () => string) =>
      cases.push({ endpoint: `page ${form}`, name, method: "POST", path: f.path, body: make, headers: standing.headers });
    for (const template of f.indexed)
      for (const n of HUGE_INDICES) {
        const name = template.replace("#", String(n));
        add(`${name}`, () => body([[name, "https://x.test/a.png"]]));
      }
    if (f.repeated) {
      const entry = `&${new URLSearchParams([[f.repeated, "x"]]).toString()}`;
      add(
        `${f.repeated} x ${Math.floor(REPEAT_BYTES / entry.length)}`,
        () => body([]) + entry.repeat(Math.floor(REPEAT_BYTES / entry.length)),
      );
    }
    // `a,` is four bytes in the body (`a%2C`).
    const items = Math.floor(REPEAT_BYTES / 4) - 100;
    if (f.commaList) add(`${f.commaList} comma list of ${items} items`, () => body([[f.commaList!, "a,".repeat(items)]]));
  }
  return cases;
}

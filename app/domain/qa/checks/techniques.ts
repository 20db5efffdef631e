import { declValue, parseInlineStyle, pxValue } from "~/domain/html/css";
import { type DomElement, type DomNode, classList, descendants, hasClass, isComment, isElement, walk } from "~/domain/html/dom";
import type { EmailDoc, EmailModule } from "~/domain/html/parse";
import { textOf } from "~/domain/html/text";
import { type CheckFn, type CheckInput, type CheckOutcome, type CheckTable, examples, fail, pass } from "./types";
import { isGmailOverride, isOutlookComOverride } from "~/domain/html/webmail";

const CSS_TECHNIQUES = new Set(["tabs", "accordion", "carousel", "survey", "quiz", "menu", "itemCart"]);

/** The techniques QA enforces: the selection, or (for uploads without one) the modules found. */
export function selectedTechniques(input: CheckInput): string[] {
  const chosen = input.context.techniques?.length
    ? input.context.techniques
    : [...new Set(input.doc.modules.map((m) => m.technique).filter((t): t is string => !!t))];
  return chosen.filter((t) => t !== "amp4email");
}

function moduleFor(doc: EmailDoc, technique: string): EmailModule | undefined {
  return doc.modules.find((m) => m.technique === technique);
}

/** Runs a per-module test for every selected technique; passes only when all pass. */
function perTechnique(test: (m: EmailModule, doc: EmailDoc) => string | null): CheckFn {
  return (input) => {
    const techniques = selectedTechniques(input);
    if (!techniques.length) return pass("No interactive technique selected");
    const failures: string[] = [];
    for (const t of techniques) {
      const m = moduleFor(input.doc, t);
      const problem = m ? test(m, input.doc) : `no .kx-module[data-kx-technique="${t}"]`;
      if (problem) failures.push(`${t}: ${problem}`);
    }
    return failures.length ? fail(failures.join("; ")) : pass(`OK for ${techniques.join(", ")}`);
  };
}

function inputsOf(root: DomElement, type: string): DomElement[] {
  return descendants(root, (e) => e.name === "input" && (e.attribs.type ?? "").toLowerCase() === type && !hasClass(e, "kx-probe"));
}

function withSuffix(els: DomElement[], suffix: string): DomElement[] {
  return els.filter((e) => e.attribs.class && classList(e).some((c) => c.endsWith(`-${suffix}`)));
}

function moduleStructure(m: EmailModule): string | null {
  if (!m.technique || !CSS_TECHNIQUES.has(m.technique)) return `unknown technique "${m.technique ?? ""}"`;
  if (!m.int) return "no interactive block (.kx-int)";
  const all = descendants(m.int, () => true);
  const radios = inputsOf(m.int, "radio").length;
  const boxes = inputsOf(m.int, "checkbox").length;
  const items = all.filter((e) => e.attribs["data-kx-item"] !== undefined).length;
  const need = (ok: boolean, what: string) => (ok ? null : what);
  switch (m.technique) {
    case "tabs":
      return (
        need(radios >= 2, "fewer than 2 tab radios") ?? need(Math.max(items, withSuffix(all, "panel").length) >= 2, "fewer than 2 panels")
      );
    case "accordion":
      return need(boxes + radios >= 1, "no toggles") ?? need(Math.max(items, withSuffix(all, "panel").length) >= 1, "no panels");
    case "carousel":
      return (
        need(radios >= 2, "fewer than 2 slide radios") ?? need(Math.max(items, withSuffix(all, "slide").length) >= 2, "fewer than 2 slides")
      );
    case "survey":
      return need(radios + boxes >= 1, "no answer controls") ?? need(Math.max(items, withSuffix(all, "step").length) >= 1, "no steps");
    case "quiz":
      return (
        need(radios >= 2, "fewer than 2 answers") ??
        need(withSuffix(all, "right").length + withSuffix(all, "wrong").length >= 1, "no right/wrong feedback")
      );
    case "menu":
      return (
        need(boxes + radios >= 1, "no toggle") ??
        need(
          withSuffix(all, "overlay").some((o) => descendants(o, (e) => e.name === "a").length > 0),
          "no overlay with links",
        )
      );
    case "itemCart":
      return need(boxes >= 1, "no add-to-cart toggles") ?? need(withSuffix(all, "total").length >= 1, "no running total");
  }
  return null;
}

function labelProblems(root: DomElement | EmailDoc["document"]): string[] {
  const ids = new Set(descendants(root, (e) => e.name === "input" && !!e.attribs.id).map((e) => e.attribs.id));
  const bad: string[] = [];
  for (const label of descendants(root, (e) => e.name === "label")) {
    const target = label.attribs.for;
    if (target === undefined) {
      if (!descendants(label, (e) => e.name === "input").length) bad.push("a label with no for and no input");
    } else if (!ids.has(target)) bad.push(`for="${target}"`);
  }
  return bad;
}

function hasMsoGuard(m: EmailModule): boolean {
  for (const n of walk(m.element)) if (isComment(n) && /^\s*\[if !mso\]/i.test(n.data)) return true;
  return false;
}

function interactiveHiding(m: EmailModule, doc: EmailDoc): string | null {
  if (!m.int) return "no interactive block (.kx-int)";
  const missing: string[] = [];
  const decls = parseInlineStyle(m.int.attribs.style);
  if (declValue(decls, "display")?.trim() !== "none") missing.push("inline display:none");
  if (pxValue(declValue(decls, "max-height")) !== 0) missing.push("max-height:0");
  if (declValue(decls, "overflow")?.trim() !== "hidden") missing.push("overflow:hidden");
  if (declValue(decls, "mso-hide")?.trim() !== "all") missing.push("mso-hide:all");
  if (!hasMsoGuard(m)) missing.push("<!--[if !mso]> guard");
  const probe = m.probe;
  if (!probe || probe.attribs.checked === undefined || probe.parent !== m.int.parent) missing.push("pre-checked probe beside the block");
  const ns = m.ns ?? "kx";
  const intClasses = [`${ns}-int`, "kx-int"];
  const targets = (r: EmailDoc["rules"][number]) => r.subjectClasses.some((c) => intClasses.includes(c));
  if (!doc.rules.some((r) => r.interactive && targets(r))) missing.push("a :checked reveal rule");
  if (!doc.rules.some((r) => targets(r) && isGmailOverride(r.selector))) missing.push("Gmail u + .body override");
  if (!doc.rules.some((r) => isOutlookComOverride(r.selector, intClasses))) missing.push('Outlook.com [class~="x_…"] override');
  return missing.length ? `missing ${missing.join(", ")}` : null;
}

function words(s: string): Set<string> {
  return new Set(
    s
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3),
  );
}

// Reactions that exist only because the reader interacted (quiz feedback, survey thank-you).
const REACTION_SUFFIXES = ["right", "wrong", "done"];

function isControlOrReaction(n: DomNode): boolean {
  if (!isElement(n)) return false;
  if (n.name === "label" || n.name === "input") return true;
  return !!n.attribs.class && classList(n).some((c) => REACTION_SUFFIXES.some((s) => c.endsWith(`-${s}`)));
}

function fallbackProblem(m: EmailModule): string | null {
  if (!m.fb) return "no static fallback (.kx-fb)";
  const decls = parseInlineStyle(m.fb.attribs.style);
  if (declValue(decls, "display")?.trim() === "none" || pxValue(declValue(decls, "max-height")) === 0)
    return "fallback is hidden by default";
  const fbText = textOf(m.fb);
  const hasImages = descendants(m.fb, (e) => e.name === "img").length > 0;
  if (!fbText && !hasImages) return "fallback is empty";
  if (!m.int) return null;
  const intWords = words(textOf(m.int, isControlOrReaction));
  // Compared without spaces: adjacent inline links ("Women</a><a>Men") glue words together.
  const fbSquashed = fbText.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  const lost = [...intWords].filter((w) => !fbSquashed.includes(w));
  if (intWords.size && lost.length / intWords.size > 0.1)
    return `fallback lacks ${lost.length} of ${intWords.size} words of the interactive block (${examples(lost)})`;
  return null;
}

function namespacedNames(m: EmailModule): { ids: string[]; names: string[]; classes: string[] } {
  const els = descendants(m.element, () => true);
  return {
    ids: els.map((e) => e.attribs.id).filter((v): v is string => !!v),
    names: els.map((e) => e.attribs.name).filter((v): v is string => !!v),
    classes: els.flatMap((e) => classList(e)).filter((c) => !c.startsWith("kx-")),
  };
}

export const techniqueChecks: CheckTable = {
  "technique-module": perTechnique((m) => moduleStructure(m)),

  "label-for": (input) => {
    const outcome: CheckOutcome = perTechnique((m) => {
      const bad = labelProblems(m.element);
      return bad.length ? `labels without a matching input: ${examples(bad)}` : null;
    })(input);
    if (!outcome.passed) return outcome;
    const stray = labelProblems(input.doc.document);
    return stray.length ? fail(`Labels without a matching input: ${examples(stray)}`) : outcome;
  },

  "interactive-hidden": perTechnique(interactiveHiding),

  fallback: perTechnique((m) => fallbackProblem(m)),

  namespacing: (input) => {
    const techniques = selectedTechniques(input);
    if (techniques.length < 2) return pass("One technique or none: nothing to namespace");
    const modules = techniques.map((t) => moduleFor(input.doc, t));
    if (modules.some((m) => !m)) return fail(`Two techniques selected but not both modules exist (${techniques.join(", ")})`);
    const [a, b] = modules as EmailModule[];
    const problems: string[] = [];
    if (!a.ns || !b.ns) problems.push("a module has no data-kx-ns");
    else if (a.ns === b.ns) problems.push(`both modules use namespace "${a.ns}"`);
    const sets = [a, b].map(namespacedNames);
    [a, b].forEach((m, i) => {
      if (!m.ns) return;
      const foreign = [...sets[i].ids, ...sets[i].names, ...sets[i].classes].filter((n) => !n.startsWith(`${m.ns}-`));
      if (foreign.length) problems.push(`${m.technique}: ${examples([...new Set(foreign)])} not prefixed "${m.ns}-"`);
    });
    const other = new Set([...sets[1].ids, ...sets[1].names, ...sets[1].classes]);
    const clash = [...new Set([...sets[0].ids, ...sets[0].names, ...sets[0].classes])].filter((n) => other.has(n));
    if (clash.length) problems.push(`shared between modules: ${examples(clash)}`);
    return problems.length ? fail(problems.join("; ")) : pass(`Namespaces ${a.ns} and ${b.ns} do not collide`);
  },
};

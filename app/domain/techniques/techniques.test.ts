import { parseDocument } from "htmlparser2";
import { selectAll as cssSelectAll, selectOne as cssSelectOne } from "css-select";
import type { AnyNode, Element } from "domhandler";

const selectAll = (q: string, root: AnyNode | AnyNode[]) => cssSelectAll(q, root) as unknown as Element[];
const selectOne = (q: string, root: AnyNode | AnyNode[]) => cssSelectOne(q, root) as unknown as Element | null;
import { textContent } from "domutils";
import * as csstree from "css-tree";
import { formatMoney } from "../blueprint/currency";
import { TECHNIQUES } from "../blueprint/schema";
import type { Module, Technique } from "../blueprint/schema";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { render } from "../render/render";

function renderDoc(first: Technique, second?: Technique) {
  const r = render(sampleBlueprint(first, second));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return { doc: parseDocument(r.html), html: r.html, modules: r.blueprint.interactiveConfig.modules };
}

const attr = (el: Element, name: string) => el.attribs[name];
const classes = (el: Element) => (attr(el, "class") ?? "").split(/\s+/).filter(Boolean);

/** Every id, input name and non-shared class a module introduces, read from its markup. */
function moduleTokens(mod: Element) {
  const els = selectAll("*", mod);
  return {
    ids: els.map((e) => attr(e, "id")).filter((v): v is string => !!v),
    names: els.map((e) => attr(e, "name")).filter((v): v is string => !!v),
    classes: [...new Set(els.flatMap(classes).filter((c) => !c.startsWith("kx-")))],
  };
}

function cssClassNames(css: string): string[] {
  const out = new Set<string>();
  csstree.walk(csstree.parse(css), { visit: "ClassSelector", enter: (node) => void out.add(node.name) });
  return [...out];
}

const PAIRS: Array<[Technique, Technique]> = [];
TECHNIQUES.forEach((a, i) => TECHNIQUES.forEach((b, j) => j >= i && PAIRS.push([a, b])));

describe("two modules in one email", () => {
  it("covers all 21 pairs and each technique twice", () => {
    expect(PAIRS).toHaveLength(28);
  });

  it.each(PAIRS)("%s + %s: no id, name or class collides and each stays in its namespace", (a, b) => {
    const { doc } = renderDoc(a, b);
    const mods = selectAll(".kx-module", doc);
    expect(mods.map((m) => attr(m, "data-kx-ns"))).toEqual(["k1", "k2"]);
    const tokens = mods.map(moduleTokens);
    tokens.forEach((t, i) => {
      const ns = `k${i + 1}-`;
      for (const v of [...t.ids, ...t.names, ...t.classes]) expect(v.startsWith(ns), v).toBe(true);
    });
    const [t1, t2] = tokens as [ReturnType<typeof moduleTokens>, ReturnType<typeof moduleTokens>];
    for (const key of ["ids", "names", "classes"] as const) {
      const shared = t1[key].filter((v) => t2[key].includes(v));
      expect(shared, key).toEqual([]);
    }
    const allIds = selectAll("[id]", doc).map((e) => attr(e, "id"));
    expect(new Set(allIds).size).toBe(allIds.length);
  });

  it.each(PAIRS)("%s + %s: every label points at an input of its own module", (a, b) => {
    const { doc } = renderDoc(a, b);
    for (const mod of selectAll(".kx-module", doc)) {
      const ids = new Set(selectAll("input", mod).map((i) => attr(i, "id")));
      for (const label of selectAll("label[for]", mod)) expect(ids.has(attr(label, "for")), attr(label, "for")).toBe(true);
    }
  });

  it.each(PAIRS)("%s + %s: the <style> rules name only classes that exist or are shared", (a, b) => {
    const { doc } = renderDoc(a, b);
    const css = textContent(selectOne("style", doc)!);
    const present = new Set(selectAll("[class]", doc).flatMap(classes));
    for (const name of cssClassNames(css)) {
      if (name.startsWith("kx-") || name === "body" || name.startsWith("x_")) continue;
      expect(present.has(name), name).toBe(true);
    }
  });
});

describe.each(TECHNIQUES)("%s module", (t) => {
  const { doc, modules } = renderDoc(t);
  const mod = selectOne(".kx-module", doc)!;
  const m = modules[0]!;

  it("follows the wrapper of docs/email-markup.md", () => {
    expect(attr(mod, "data-kx-technique")).toBe(t);
    const probe = selectOne("input.kx-probe.k1-probe", mod)!;
    expect(probe.attribs.checked).toBeDefined();
    const int = selectOne(".kx-int.k1-int", mod)!;
    expect(attr(int, "style")).toContain("display:none");
    expect(attr(int, "style")).toContain("mso-hide:all");
    expect(selectOne(".kx-fb.k1-fb", mod)).not.toBeNull();
    const css = textContent(selectOne("style", doc)!);
    expect(css).toContain(".k1-probe:checked ~ .k1-int");
    expect(css).toContain(".k1-probe:checked ~ .k1-fb");
  });

  it("keeps :checked and sibling selectors out of inline styles", () => {
    for (const el of selectAll("[style]", mod)) expect(attr(el, "style")).not.toMatch(/:checked/);
  });

  it("gives the fallback the same words, links and prices as the interactive block", () => {
    const fb = textContent(selectOne(".kx-fb", mod)!);
    const fbLinks = new Set(selectAll(".kx-fb a", mod).map((a) => attr(a, "href")));
    for (const word of expectedWords(m)) expect(fb, word).toContain(word);
    for (const a of selectAll(".kx-int a", mod)) expect(fbLinks.has(attr(a, "href")), attr(a, "href")).toBe(true);
  });
});

function expectedWords(m: Module): string[] {
  switch (m.technique) {
    case "tabs":
      return m.items.flatMap((i) => [i.label, i.body, i.headline ?? "", i.cta?.label ?? ""]);
    case "accordion":
      return m.items.flatMap((i) => [i.label, i.body]);
    case "carousel":
      return m.items.flatMap((i) => [i.headline, i.body ?? ""]);
    case "survey":
      return [...m.questions.flatMap((q) => [q.question, ...q.options.map((o) => o.label)]), m.thanks.headline];
    case "quiz":
      return m.questions.flatMap((q) => [q.question, ...q.options, q.explanation]);
    case "menu":
      return m.items.map((i) => i.label);
    case "itemCart":
      return [...m.items.flatMap((i) => [i.label, formatMoney(i.price, m.currency)]), m.checkout?.label ?? ""];
  }
}

describe("formatMoney", () => {
  it("prints minor units with the currency's digits", () => {
    expect(formatMoney(1875, "USD")).toBe("$18.75");
    expect(formatMoney(5, "EUR")).toBe("€0.05");
    expect(formatMoney(1200, "JPY")).toBe("¥1200");
    expect(formatMoney(990, "SEK")).toBe("kr 9.90");
  });
});

describe("itemCart fallback", () => {
  // Regression: with two or three items the interactive summary's "Items" and "Total" were more
  // than a tenth of the block's words, so QA's fallback check failed every small cart.
  it.each([2, 3])("carries the summary's words with %i items, so QA's fallback check passes", async (n) => {
    const { qa } = await import("../qa/qa");
    const bp = sampleBlueprint("itemCart");
    const cart = bp.interactiveConfig.modules[0]!;
    if (cart.technique !== "itemCart") throw new Error("fixture is not a cart");
    const small = { ...bp, interactiveConfig: { modules: [{ ...cart, items: cart.items.slice(0, n) }] } };
    const r = render(small);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const fb = selectOne(".k1-fb", parseDocument(r.html))!;
    expect(textContent(fb)).toMatch(/\bitems\b.*\btotal\b/i);
    const check = qa(r.html, { techniques: ["itemCart"] }).checks.find((c) => c.id === "fallback")!;
    expect(check.message).not.toMatch(/lacks/);
    expect(check.passed).toBe(true);
  });
});

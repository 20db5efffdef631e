import { parseDocument } from "htmlparser2";
import { selectAll as cssSelectAll, selectOne as cssSelectOne } from "css-select";
import type { AnyNode, Element } from "domhandler";
import { TECHNIQUES } from "../blueprint/schema";
import { LAYOUTS, chooseLayout } from "../blueprint/layouts";
import { qa } from "../qa/qa";
import { familyBlueprint, sampleBlueprint } from "../../../test/fixtures/blueprints";
import { render } from "./render";

const selectAll = (q: string, root: AnyNode | AnyNode[]) => cssSelectAll(q, root) as unknown as Element[];
const selectOne = (q: string, root: AnyNode | AnyNode[]) => cssSelectOne(q, root) as unknown as Element | null;

function html(input: unknown): string {
  const r = render(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.html;
}

describe("layout families", () => {
  it("every family with every technique passes all QA checks", () => {
    for (const layout of LAYOUTS) {
      for (const t of TECHNIQUES) {
        const result = qa(html(familyBlueprint(layout, t)));
        expect(
          result.failedChecks.map((c) => c.id),
          `${layout} × ${t}`,
        ).toEqual([]);
        expect(result.score).toBe(100);
      }
    }
  });

  it("differ in structure, not only colour: masthead, alignment, column, boxes", () => {
    const docs = Object.fromEntries(LAYOUTS.map((l) => [l, parseDocument(html(familyBlueprint(l, "survey")))]));
    for (const l of LAYOUTS) expect(selectOne("body", docs[l]!)?.attribs["data-kx-layout"]).toBe(l);
    // Announcement: an accent bar over a centred masthead, a centred hero headline.
    expect(selectOne("td.kx-accent-bar", docs.announcement!)).not.toBeNull();
    expect(selectOne("h1", docs.announcement!)?.attribs.style).toContain("text-align:center");
    // Newsletter: a nameplate between rules and a short accent bar over later headlines.
    expect(selectOne(".kx-rule-strong", docs.newsletter!)).not.toBeNull();
    expect(selectAll(".kx-accent", docs.newsletter!).length).toBeGreaterThan(0);
    // Letter: a narrower, unboxed column with a left-aligned headline.
    const letter = selectOne("table.kx-container", docs.letter!)!;
    expect(letter.attribs.width).toBe("560");
    expect(letter.attribs.style).toContain("border-radius:0px");
    expect(selectOne("h1", docs.letter!)?.attribs.style).not.toContain("text-align:center");
    // Grid: a section with a picture becomes a picture-and-words row of two columns.
    expect(selectAll("td.kx-col", docs.grid!)).toHaveLength(2);
    // The hero headline's size follows the family's scale.
    const h1 = (l: (typeof LAYOUTS)[number]) => Number(/font-size:(\d+)px/.exec(selectOne("h1", docs[l]!)!.attribs.style!)![1]);
    expect(h1("announcement")).toBeGreaterThan(h1("newsletter"));
    expect(h1("newsletter")).toBeGreaterThan(h1("letter"));
  });

  it("lays cart items out as cards two per row in the grid, with the cart's markup intact", () => {
    const doc = parseDocument(html(familyBlueprint("grid", "itemCart")));
    const cards = selectAll(".k1-int .kx-card", doc);
    expect(cards).toHaveLength(4);
    for (const c of cards) expect(c.attribs.style).toContain("width:48%");
    // Each checkbox is still the item's previous sibling (the :checked + rules need it).
    for (const c of cards) expect((c.prev as Element | null)?.attribs?.class).toContain("k1-add");
    expect(selectAll(".k1-fb td[data-kx-item]", doc)).toHaveLength(4);
  });

  it("a blueprint without a layout still renders: a grid when it has a cart, else hero-led", () => {
    const plain = sampleBlueprint("tabs");
    expect(plain.layout).toBeUndefined();
    expect(html(plain)).toContain('data-kx-layout="announcement"');
    expect(html(sampleBlueprint("itemCart"))).toContain('data-kx-layout="grid"');
  });

  it("refuses an unknown layout with a zod issue on the field", () => {
    const r = render({ ...sampleBlueprint("tabs"), layout: "magazine" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.path).toEqual(["layout"]);
  });
});

describe("chooseLayout", () => {
  it.each([
    [{ emailType: "newsletter" }, "newsletter"],
    [{ emailType: "ecommerce" }, "grid"],
    [{ emailType: "event", techniques: ["itemCart" as const] }, "grid"],
    [{ emailType: "feedback" }, "letter"],
    [{ emailType: "onboarding", style: "minimal" }, "letter"],
    [{ emailType: "feedback", style: "bold" }, "announcement"],
    [{ emailType: "event" }, "announcement"],
    [{ emailType: "travel", style: "editorial" }, "newsletter"],
    [{ emailType: "newsletter", layout: "grid" }, "grid"],
    [{ layout: "nonsense", emailType: "newsletter" }, "newsletter"],
  ])("%j → %s", (hint, want) => {
    expect(chooseLayout(hint)).toBe(want);
  });
});

describe("images", () => {
  const doc = parseDocument(html(familyBlueprint("announcement", "itemCart")));

  it("every image has alt, width and height attributes, and scales down (max-width, height:auto)", () => {
    const imgs = selectAll("img", doc);
    expect(imgs.length).toBeGreaterThan(5);
    for (const img of imgs) {
      expect(img.attribs.alt, img.attribs.src).toBeTruthy();
      expect(Number(img.attribs.width)).toBeGreaterThan(0);
      expect(Number(img.attribs.height)).toBeGreaterThan(0);
      expect(img.attribs.style).toContain("height:auto");
      expect(img.attribs.style).toMatch(/max-width:\d+px/);
    }
  });

  it("a 2× file is shown at its display size: the width attribute is the blueprint's width, not the file's", () => {
    const thumb = selectAll(".k1-int img", doc)[0]!;
    expect(thumb.attribs.src).toContain("480x360");
    expect(thumb.attribs.width).toBe("64");
    expect(thumb.attribs.height).toBe("48");
  });

  it("with images off, alt text is styled on a tinted box and the hero cell has a background", () => {
    const hero = selectOne("td.kx-img-cell", doc)!;
    expect(hero.attribs.bgcolor).toMatch(/^#[0-9a-f]{6}$/);
    const img = selectOne("img.kx-img", hero)!;
    expect(img.attribs.style).toMatch(/background-color:#[0-9a-f]{6}/);
    expect(img.attribs.style).toContain("font-size:14px");
    expect(img.attribs.style).toMatch(/color:#[0-9a-f]{6}/);
  });

  it("puts the logo in the masthead on a light plate that stays light in dark mode", () => {
    const plate = selectOne("td.kx-logo-plate", doc)!;
    const logo = selectOne("img.kx-logo", plate)!;
    expect(logo.attribs.alt).toBe("Morning Crumb Bakery");
    expect([logo.attribs.width, logo.attribs.height]).toEqual(["160", "40"]);
    const css = selectOne("style", doc)!
      .children.map((c) => ("data" in c ? c.data : ""))
      .join("");
    const darkBlock = css.slice(css.indexOf("@media (prefers-color-scheme:dark){.kx-bg"));
    expect(darkBlock.split("\n")[0]).toContain(".kx-logo-plate{background-color:#ffffff !important}");
    // On a dark design the plate is white from the start.
    const dark = parseDocument(html({ ...familyBlueprint("letter", "menu") }));
    expect(selectOne("td.kx-logo-plate", dark)!.attribs.bgcolor).toBe("#ffffff");
  });
});

import { parseDocument } from "htmlparser2";
import { selectAll as cssSelectAll, selectOne as cssSelectOne } from "css-select";
import type { AnyNode, Element } from "domhandler";

const selectAll = (q: string, root: AnyNode | AnyNode[]) => cssSelectAll(q, root) as unknown as Element[];
const selectOne = (q: string, root: AnyNode | AnyNode[]) => cssSelectOne(q, root) as unknown as Element | null;
import { textContent } from "domutils";
import { TECHNIQUES } from "../blueprint/schema";
import { bigBlueprint, linkedImagesBlueprint, sampleBlueprint } from "../../../test/fixtures/blueprints";
import { render } from "./render";

function renderOk(input: unknown): string {
  const r = render(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.html;
}

const parse = (html: string) => parseDocument(html);
const attr = (el: Element | null, name: string) => el?.attribs[name];

describe("render: document", () => {
  const bp = sampleBlueprint("tabs");
  const html = renderOk(bp);
  const doc = parse(html);

  it("starts with the doctype and declares lang, dir and charset first", () => {
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    const htmlEl = selectOne("html", doc);
    expect(attr(htmlEl, "lang")).toBe("en");
    expect(attr(htmlEl, "dir")).toBe("ltr");
    const head = selectOne("head", doc)!;
    const firstEl = head.children.find((n): n is Element => n.type === "tag");
    expect(attr(firstEl ?? null, "charset")).toBe("utf-8");
  });

  it("has viewport, Apple reformatting, colour-scheme metas and the subject as title", () => {
    expect(selectOne('meta[name="viewport"]', doc)).not.toBeNull();
    expect(selectOne('meta[name="x-apple-disable-message-reformatting"]', doc)).not.toBeNull();
    expect(attr(selectOne('meta[name="color-scheme"]', doc), "content")).toBe("light dark");
    expect(selectOne('meta[name="supported-color-schemes"]', doc)).not.toBeNull();
    expect(textContent(selectOne("title", doc)!)).toBe(bp.subject);
  });

  it("opens the body with the hidden preheader, then the view-in-browser link", () => {
    const body = selectOne("body", doc)!;
    expect(attr(body, "class")?.split(" ")).toContain("body");
    const els = body.children.filter((n): n is Element => n.type === "tag");
    expect(attr(els[0]!, "class")).toBe("kx-preheader");
    expect(attr(els[0]!, "style")).toContain("display:none");
    expect(textContent(els[0]!)).toContain(bp.preheader);
    const vib = selectOne("a.kx-vib", els[1]!);
    expect(attr(vib, "href")).toBe("{{VIB_URL}}");
  });

  it("lays out with presentation tables and a centred 600px container", () => {
    const tables = selectAll("table", doc);
    expect(tables.length).toBeGreaterThan(3);
    for (const t of tables) {
      expect(attr(t, "role")).toBe("presentation");
      expect(attr(t, "cellpadding")).toBe("0");
      expect(attr(t, "cellspacing")).toBe("0");
      expect(attr(t, "border")).toBe("0");
    }
    const container = selectOne("table.kx-container", doc);
    expect(attr(container, "width")).toBe("600");
    expect(attr(container, "align")).toBe("center");
  });

  it("marks sections and ends with a footer holding the unsubscribe placeholder", () => {
    const ids = selectAll("tr.kx-section", doc).map((el) => attr(el, "data-kx-section"));
    expect(ids).toEqual(bp.sections.map((s) => s.id));
    const footer = selectOne("td.kx-footer", doc)!;
    expect(selectOne('a[href="{{UNSUBSCRIBE_URL}}"]', footer)).not.toBeNull();
    expect(textContent(footer)).toContain(bp.footer.address);
  });

  it("gives every image alt, width, height and display:block", () => {
    const imgs = selectAll("img", doc);
    expect(imgs.length).toBeGreaterThan(0);
    for (const img of imgs) {
      expect(attr(img, "alt")).toBeDefined();
      expect(Number(attr(img, "width"))).toBeGreaterThan(0);
      expect(Number(attr(img, "height"))).toBeGreaterThan(0);
      expect(attr(img, "style")).toContain("display:block");
    }
  });

  it("wraps an image with a destination in a block link to it, and leaves the others unwrapped", () => {
    const out = render(linkedImagesBlueprint("itemCart", "carousel"));
    if (!out.ok) throw new Error("render failed");
    const linked = selectAll("a", parseDocument(out.html)).filter((a) =>
      (a as Element).children.some((c) => (c as Element).name === "img"),
    );
    // The cart shows each item in more than one view (interactive and fallback): each view's picture is linked.
    expect([...new Set(linked.map((a) => attr(a, "href")))]).toEqual(["https://kinetic.example/shop", "https://kinetic.example/shop/item"]);
    // Carousel slides stay unlinked, as in AMP: the slide's button carries its destination.
    const linkedSrcs = linked.map((a) => attr(selectAll("img", a)[0], "src") ?? "");
    expect(linkedSrcs.some((src) => /trail-runner|road-glide|recovery-slide/.test(src))).toBe(false);
    for (const a of linked) expect(attr(a, "style")).toBe("display:block;text-decoration:none");
    expect(selectAll("a img", doc)).toHaveLength(0);
  });

  it("builds buttons from tables, with a 44px tap target", () => {
    const buttons = selectAll("a.kx-btn", doc);
    expect(buttons.length).toBeGreaterThan(0);
    for (const a of buttons) {
      expect(a.parent && (a.parent as Element).name).toBe("td");
      const style = attr(a, "style")!;
      const pad = Number(/padding:(\d+)px/.exec(style)![1]);
      const line = Number(/line-height:(\d+)px/.exec(style)![1]);
      expect(pad * 2 + line).toBeGreaterThanOrEqual(44);
    }
  });

  it("writes dark-mode, Outlook.com dark and mobile rules into <style>", () => {
    const css = textContent(selectOne("style", doc)!);
    expect(css).toContain("@media (prefers-color-scheme:dark)");
    expect(css).toContain("[data-ogsc]");
    expect(css).toContain("@media (max-width:600px)");
    expect(css).toContain("u + .body .kx-int");
    expect(css).toContain('[class~="x_kx-fb"]');
  });

  it.each(TECHNIQUES)("keeps body text at 14px or more (%s)", (t) => {
    const d = parse(renderOk(sampleBlueprint(t)));
    for (const el of selectAll("[style]", d)) {
      if (attr(el, "class") === "kx-preheader") continue;
      for (const m of attr(el, "style")!.matchAll(/font-size:(\d+)px/g)) {
        // font-size:0 only collapses whitespace between inline-block dots.
        if (m[1] !== "0") expect(Number(m[1])).toBeGreaterThanOrEqual(14);
      }
    }
  });

  it("inlines non-interactive styling: text elements carry their own font and colour", () => {
    for (const p of selectAll("p, h1, h2, h3", doc)) {
      if (attr(p, "class") === "kx-preheader") continue;
      const style = attr(p, "style") ?? "";
      expect(style).toMatch(/font-family:|font-size:/);
    }
  });
});

describe("render: content safety", () => {
  it("escapes every text field", () => {
    const bp = sampleBlueprint("accordion");
    bp.subject = `Deals <script>alert("x")</script> & more`;
    bp.sections[0]!.headline = `<img src=x onerror=alert(1)>`;
    const html = renderOk(bp);
    const doc = parse(html);
    expect(selectAll("script", doc)).toHaveLength(0);
    expect(textContent(selectOne("title", doc)!)).toBe(bp.subject);
    expect(selectAll("img", doc).every((i) => !("onerror" in i.attribs))).toBe(true);
  });

  it("injects saved sections verbatim", () => {
    const bp = sampleBlueprint("menu");
    const locked = `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td style="padding:20px">Saved <b>legal</b> block &amp; more</td></tr></table>`;
    bp.sections.push({ id: "legal", role: "legal", lockedHtml: locked, headline: "ignored" });
    const html = renderOk(bp);
    expect(html).toContain(locked);
    const row = selectOne('tr[data-kx-section="legal"]', parse(html));
    expect(attr(row, "data-kx-locked")).toBe("true");
    expect(textContent(row!)).not.toContain("ignored");
  });

  it("uses only known placeholders", () => {
    const html = renderOk(sampleBlueprint("survey", "quiz"));
    const found = new Set([...html.matchAll(/\{\{([A-Z_]+)\}\}/g)].map((m) => m[1]));
    expect([...found].sort()).toEqual(["SENDER_POSTAL_ADDRESS", "SENDER_WEBSITE", "UNSUBSCRIBE_URL", "VIB_URL"]);
  });

  it("places a module no section claims right after the first section", () => {
    const bp = sampleBlueprint("quiz");
    delete bp.sections[0]!.moduleIndex;
    const doc = parse(renderOk(bp));
    const rows = selectAll("tr.kx-section", doc).map((r) => attr(r, "data-kx-section"));
    expect(rows.slice(0, 2)).toEqual(["hero", "module-k1"]);
    expect(selectAll(".kx-module", doc)).toHaveLength(1);
  });
});

describe("render: bad input", () => {
  it.each([null, undefined, 5, "html", [], {}, { subject: "x" }])("answers %j with zod issues, never a throw", (input) => {
    const r = render(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.length).toBeGreaterThan(0);
  });

  it("reports the path of what is wrong", () => {
    const bp = sampleBlueprint("tabs") as unknown as { design: { colors: { text: string } } };
    bp.design.colors.text = "not-a-colour";
    const r = render(bp);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path.join("."))).toContain("design.colors.text");
  });
});

describe("render: size", () => {
  it("renders the benchmark blueprint to roughly 100 KB, under Gmail's 102 KB clip", () => {
    const bytes = Buffer.byteLength(renderOk(bigBlueprint()), "utf8");
    expect(bytes).toBeGreaterThan(80_000);
    expect(bytes).toBeLessThan(102_000);
  });
});

describe("links a blueprint leaves out", () => {
  it("renders an unlinked menu entry as its label and a cart without checkout without a button, with no link to nowhere", () => {
    const bp = structuredClone(sampleBlueprint("menu", "itemCart")) as { interactiveConfig: { modules: Array<Record<string, unknown>> } };
    const [menu, cart] = bp.interactiveConfig.modules as [
      { items: Array<{ label: string; url?: string }> },
      { checkout?: { label: string } },
    ];
    const checkoutLabel = cart.checkout!.label;
    delete menu.items[1].url;
    delete cart.checkout;
    const html = renderOk(bp);
    const doc = parseDocument(html);
    const labels = selectAll("a", doc).map((a) => textContent(a).trim());
    expect(labels).not.toContain(menu.items[1].label);
    expect(labels).not.toContain(checkoutLabel);
    expect(html).toContain(`>${menu.items[1].label}</span>`);
    for (const a of selectAll("a", doc)) expect(a.attribs.href ?? "").not.toMatch(/^(?:#|)$/);
  });
});

import { parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import { findAll, findOne, getAttributeValue, textContent } from "domutils";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { buildAmp } from "./build";
import { ampSnapshot, SNAPSHOT_MAX_CHARS, SNAPSHOT_MAX_ELEMENTS } from "./snapshot";

const OPTS = { surveyActionUrl: "https://kinetic.example/api/amp/survey" };

function built(t: Parameters<typeof sampleBlueprint>[0]): string {
  const r = buildAmp(sampleBlueprint(t), OPTS);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.ampHtml;
}

const doc = (html: string) => parseDocument(html);
const all = (html: string, test: (e: Element) => boolean) => findAll(test, doc(html).children);
const visible = (e: Element): boolean => {
  for (let n: Element | null = e; n && n.attribs; n = n.parent as Element | null) if ("hidden" in n.attribs) return false;
  return true;
};

const wrap = (body: string, head = "") =>
  `<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script>` +
  `<style amp4email-boilerplate>body{visibility:hidden}</style>${head}</head><body>${body}</body></html>`;

describe("ampSnapshot", () => {
  it("lifts the boilerplate and drops every script, keeping the email's own styles", () => {
    const { html } = ampSnapshot(wrap("<p>Hi</p>", "<style amp-custom>.a{color:red}</style>"));
    expect(html).not.toContain("visibility:hidden");
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain(".a{color:red}");
    expect(html).toContain("<p>Hi</p>");
    expect(html).toContain("[hidden]{display:none!important}");
  });

  it("renders amp-img as <img> with its src, width, height and alt", () => {
    const { html } = ampSnapshot(
      wrap(
        `<amp-img src="https://x.test/a.png" width="600" height="280" alt="A red bag" layout="responsive"><div fallback>no</div></amp-img>`,
      ),
    );
    const imgs = all(html, (e) => e.name === "img");
    expect(imgs).toHaveLength(1);
    expect(imgs[0].attribs).toMatchObject({ src: "https://x.test/a.png", width: "600", height: "280", alt: "A red bag" });
    expect(html).not.toContain("amp-img");
    expect(html).not.toContain("fallback");
  });

  it("shows a slides carousel's first slide only", () => {
    const { html, notes } = ampSnapshot(
      wrap(
        `<amp-carousel type="slides" layout="responsive" width="4" height="3"><div>One</div><div>Two</div><div>Three</div></amp-carousel>`,
      ),
    );
    const slides = all(html, (e) => e.name === "div");
    expect(slides.filter(visible).map((s) => textContent(s))).toEqual(["One"]);
    expect(notes.join(" ")).toMatch(/first slide of 3/);
  });

  it("shows accordion sections in their initial state", () => {
    const { html } = ampSnapshot(
      wrap(
        `<amp-accordion><section expanded><h3>Open</h3><p id="a">Shown</p></section><section><h3>Closed</h3><p id="b">Not shown</p></section></amp-accordion>`,
      ),
    );
    const byId = (id: string) => findOne((e) => e.attribs.id === id, doc(html).children)!;
    expect(visible(byId("a"))).toBe(true);
    expect(visible(byId("b"))).toBe(false);
    // headers stay visible
    expect(all(html, (e) => e.name === "h3").every(visible)).toBe(true);
  });

  it("keeps bindings at their initial values and removes the binding attributes and actions", () => {
    const { html } = ampSnapshot(
      wrap(
        `<span class="x" [class]="s.on ? 'x on' : 'x'">A</span><span [text]="s.count">0</span><div hidden [hidden]="!s.ok">Right</div><button type="button" on="tap:AMP.setState({s:{ok:true}})">Go</button>`,
      ),
    );
    expect(html).not.toMatch(/\[(class|text|hidden)\]=/);
    expect(html).not.toContain(" on=");
    expect(html).toContain(`<span class="x">A</span>`);
    expect(html).toContain("<span>0</span>");
    expect(html).toContain(`<div hidden>Right</div>`);
    expect(html).toContain(`<button type="button">Go</button>`);
  });

  it("renders forms statically: no endpoint, no after-submit messages", () => {
    const { html, notes } = ampSnapshot(
      wrap(
        `<form method="post" action-xhr="https://k.test/api/amp/survey"><input type="radio" name="q0" value="Yes"><input type="submit" value="Send"><div submit-success><template type="amp-mustache">Thanks {{name}}</template></div><div submit-error>Oops</div></form>`,
      ),
    );
    expect(html).not.toContain("action-xhr");
    expect(html).not.toContain("Oops");
    expect(html).not.toContain("Thanks");
    expect(html).toContain(`<input type="radio" name="q0" value="Yes">`);
    expect(notes.join(" ")).toMatch(/cannot be sent/);
  });

  it("keeps amp-selector's initially selected option", () => {
    const { html } = ampSnapshot(
      wrap(`<amp-selector layout="container" role="tablist"><div option="0" selected>A</div><div option="1">B</div></amp-selector>`),
    );
    const selected = all(html, (e) => getAttributeValue(e, "selected") !== undefined);
    expect(selected.map((e) => textContent(e))).toEqual(["A"]);
    expect(html).not.toContain("layout=");
  });

  it.each(["carousel", "accordion", "tabs", "survey", "quiz", "itemCart", "menu"] as const)(
    "a built %s email: visible body, images, nothing bound or scripted",
    (t) => {
      const amp = built(t);
      const { html, truncated } = ampSnapshot(amp);
      expect(truncated).toBe(false);
      expect(html).not.toMatch(/<script|amp-img|\son="|\[[a-z]+\]=|action-xhr|visibility:hidden/);
      // the hero image of the sample blueprint
      const imgs = all(html, (e) => e.name === "img");
      expect(imgs.length).toBeGreaterThan(0);
      for (const img of imgs) expect(img.attribs.src).toMatch(/^https:\/\//);
      // the words of the email are there
      const body = findOne((e) => e.name === "body", doc(html).children)!;
      expect(textContent(body).trim().length).toBeGreaterThan(50);
    },
  );

  it("a built carousel shows one slide and a built accordion closes its sections", () => {
    const car = ampSnapshot(built("carousel")).html;
    const slides = all(car, (e) => e.attribs["data-kx-item"] !== undefined && /slide/.test(e.attribs.class ?? ""));
    expect(slides.length).toBeGreaterThan(1);
    expect(slides.filter(visible)).toHaveLength(1);
    const acc = ampSnapshot(built("accordion")).html;
    const panels = all(acc, (e) => /-panel\b/.test(e.attribs.class ?? ""));
    expect(panels.length).toBeGreaterThan(0);
    expect(panels.filter(visible)).toHaveLength(0);
  });

  it("is bounded: an oversized input is not parsed, and a huge tree is cut off", () => {
    const big = ampSnapshot("x".repeat(SNAPSHOT_MAX_CHARS + 1));
    expect(big.truncated).toBe(true);
    expect(big.html).toContain("too large");
    const many = ampSnapshot(wrap("<p>a</p>".repeat(SNAPSHOT_MAX_ELEMENTS + 10)));
    expect(many.truncated).toBe(true);
    expect(all(many.html, (e) => e.name === "p").length).toBeLessThan(SNAPSHOT_MAX_ELEMENTS);
    const deep = ampSnapshot(wrap("<div>".repeat(50_000) + "x"));
    expect(deep.html.length).toBeGreaterThan(0);
  });

  it("never throws on broken markup", () => {
    for (const s of ["", "<", "<amp-img", "<amp-carousel><amp-carousel>", "<html><body><amp-accordion><section></section>"]) {
      expect(() => ampSnapshot(s)).not.toThrow();
    }
  });
});

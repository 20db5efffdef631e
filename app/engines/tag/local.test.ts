import { autoTagsSchema } from "./port";
import { analyseHtml, tagHtml } from "./local";
import { createLocalTagEngine } from "./local-engine";

const shell = (style: string, body: string, title = "Spring sneaker launch") => `<!DOCTYPE html>
<html lang="en" dir="ltr"><head><meta charset="utf-8"><title>${title}</title>
<style>${style}</style></head>
<body class="body"><div class="kx-preheader" style="display:none">Pre</div><a class="kx-vib" href="{{VIB_URL}}">View in browser</a>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr><td>${body}</td></tr></table></body></html>`;

const TABS_CSS = `.k1-probe:checked ~ .k1-int { display:block !important; }
.k1-probe:checked ~ .k1-fb { display:none !important; }
#k1-t1:checked ~ .k1-panels .k1-p1, #k1-t2:checked ~ .k1-panels .k1-p2 { display:block }
u + .body .kx-int { display:none !important; }
[class~="x_kx-int"] { display:none !important; }
@media (max-width: 600px) { .kx-container { width:100% !important; } }`;

const TABS_BODY = `<div class="kx-module" data-kx-technique="tabs" data-kx-ns="k1">
<!--[if !mso]><!--><input type="checkbox" class="kx-probe k1-probe" id="k1-probe" checked style="display:none">
<div class="kx-int k1-int" style="display:none">
<input type="radio" name="k1-tab" id="k1-t1" checked><input type="radio" name="k1-tab" id="k1-t2">
<label for="k1-t1" class="k1-tab-label">Red</label><label for="k1-t2" class="k1-tab-label">Blue</label>
<div class="k1-panels"><div class="k1-panel k1-p1" data-kx-item="0"><img src="r.png" alt="Red sneaker"> Shop the red product</div>
<div class="k1-panel k1-p2" data-kx-item="1"><img src="b.png" alt="Blue sneaker"> Buy the blue one</div></div></div>
<!--<![endif]--><div class="kx-fb k1-fb">Red. Blue.</div></div>`;

describe("local tag engine", () => {
  it("tags a renderer-style tabs email from its structure", () => {
    const tags = tagHtml({ htmlContent: shell(TABS_CSS, TABS_BODY), contentType: "html" });
    expect(autoTagsSchema.parse(tags)).toEqual(tags);
    expect(tags.technique).toBe("tabs");
    expect(tags.emailPurpose).toBe("ecommerce");
    // One technique, two tabs, three :checked rules: the simplest useful tabs module.
    expect(tags.complexity).toBe("beginner");
    expect(tags.keyFeatures).toEqual(expect.arrayContaining(["radio inputs (2 in 1 group)", "static fallback"]));
    expect(tags.bestPracticeTags).toEqual(
      expect.arrayContaining([
        "fallback-content",
        "gmail-fallback",
        "outlook-com-fallback",
        "outlook-conditional-comments",
        "accessible-labels",
        "alt-text",
        "mobile-responsive",
        "preheader",
        "view-in-browser",
      ]),
    );
    expect(tags.description).toContain('Tabbed HTML email for ecommerce "Spring sneaker launch"');
    expect(tags.embedding_text).toContain("radio");
    expect(tags.embedding_text).toContain("Tabbed interface");
  });

  it("recognises unmarked markup: a carousel by its radio group and arrows", () => {
    const html = shell(
      `#s1:checked ~ .slides .slide1 { display:block } #s2:checked ~ .slides .slide2 { display:block }`,
      `<input type="radio" name="slide" id="s1" checked><input type="radio" name="slide" id="s2">
       <div class="slides"><div class="slide slide1">One</div><div class="slide slide2">Two</div></div>
       <label for="s2" class="next">›</label><label for="s1" class="prev">‹</label>`,
      "Lookbook",
    );
    expect(tagHtml({ htmlContent: html, contentType: "html" }).technique).toBe("carousel");
  });

  it("recognises a cart by its counters and calls it advanced", () => {
    const html = shell(
      `.cart { counter-reset: total } .add:checked { counter-increment: total 1299 } .add2:checked ~ .sum::after { content: counter(total) }
       @keyframes pop { from { opacity: 0 } to { opacity: 1 } }`,
      `<input type="checkbox" class="add" id="i1"><label for="i1">Add mug</label>
       <input type="checkbox" class="add add2" id="i2"><label for="i2">Add tea</label><div class="total sum">Total</div>`,
      "Order your shop favourites",
    );
    const tags = tagHtml({ htmlContent: html, contentType: "html" });
    expect(tags.technique).toBe("itemCart");
    expect(tags.complexity).toBe("advanced");
    expect(tags.keyFeatures).toContain("CSS counters");
  });

  it("lists AMP components and tags AMP content as amp4email", () => {
    const html = `<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8">
      <script async src="https://cdn.ampproject.org/v0.js"></script>
      <script async custom-element="amp-carousel" src="https://cdn.ampproject.org/v0/amp-carousel-0.2.js"></script>
      <script async custom-element="amp-form" src="https://cdn.ampproject.org/v0/amp-form-0.1.js"></script>
      <style amp4email-boilerplate>body{visibility:hidden}</style></head>
      <body><amp-carousel width="600" height="300" layout="responsive" type="slides"><amp-img src="a.png" width="600" height="300" alt="A"></amp-img></amp-carousel>
      <form method="post" action-xhr="https://example.com/rsvp"><input type="submit" value="RSVP to the webinar"></form></body></html>`;
    const s = analyseHtml(html);
    expect(s.isAmp).toBe(true);
    expect(s.ampComponents).toEqual(["amp-carousel", "amp-form", "amp-img"]);
    const tags = tagHtml({ htmlContent: html, contentType: "amp" });
    expect(tags.technique.split("+")[0]).toBe("amp4email");
    expect(tags.emailPurpose).toBe("event");
    expect(tags.keyFeatures).toContain("AMP components: amp-carousel, amp-form, amp-img");
  });

  it("tags a static email as static/beginner and survives broken CSS", () => {
    const tags = tagHtml({
      htmlContent: shell("this is { not css", "<p>Hello from our weekly newsletter digest</p>"),
      contentType: "html",
    });
    expect(tags.technique).toBe("static");
    expect(tags.complexity).toBe("beginner");
    expect(tags.emailPurpose).toBe("newsletter");
  });

  it("two marked modules give two techniques", () => {
    const body = `${TABS_BODY}<div class="kx-module" data-kx-technique="accordion" data-kx-ns="k2"><input type="checkbox" id="k2-a1"><label for="k2-a1">Q</label></div>`;
    expect(tagHtml({ htmlContent: shell(TABS_CSS, body), contentType: "html" }).technique).toBe("tabs+accordion");
  });

  it("refuses empty HTML as a value", async () => {
    expect(await createLocalTagEngine().tag({ htmlContent: " ", contentType: "html" })).toMatchObject({ ok: false });
  });
});

import { describe, expect, it } from "vitest";
import { render } from "~/domain/render";
import { bigBlueprint, linkedImagesBlueprint, sampleBlueprint } from "../../../test/fixtures/blueprints";
import { autofix } from "~/domain/autofix/autofix";
import { QA_CHECKS, type QaCheckId } from "./catalogue";
import { GOOD_COPY, goodEmail } from "../../../test/fixtures/emails";
import { qa, READY_TO_SEND_MIN_SCORE } from "./qa";

const ctx = { subject: GOOD_COPY.subject, preheader: GOOD_COPY.preheader, techniques: ["tabs"], copyDoc: GOOD_COPY };
const GOOD = goodEmail(["tabs"]);

function check(html: string, id: QaCheckId, context: Parameters<typeof qa>[1] = ctx) {
  const c = qa(html, context).checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
}

describe("QA catalogue", () => {
  it("has exactly 28 checks with unique ids and weights summing to 100", () => {
    expect(QA_CHECKS).toHaveLength(28);
    expect(new Set(QA_CHECKS.map((c) => c.id)).size).toBe(28);
    expect(QA_CHECKS.reduce((s, c) => s + c.weight, 0)).toBe(100);
  });

  it("reports every check with id, title, category, weight, passed and message", () => {
    const r = qa(GOOD, ctx);
    expect(r.checks.map((c) => c.id)).toEqual(QA_CHECKS.map((c) => c.id));
    for (const c of r.checks) {
      expect(typeof c.title).toBe("string");
      expect(typeof c.message).toBe("string");
      expect(c.message.length).toBeGreaterThan(0);
      expect(typeof c.passed).toBe("boolean");
    }
  });
});

describe("QA on a contract email", () => {
  it.each([[["tabs"]], [["accordion"]], [["tabs", "accordion"]]] as const)("scores 100 with %j", (mods) => {
    const r = qa(goodEmail([...mods]), { ...ctx, techniques: [...mods] });
    expect(r.failedChecks).toEqual([]);
    expect(r.score).toBe(100);
    expect(r.qualifiesForFreeRegen).toBe(false);
  });

  it("scores the renderer's big email at 100", () => {
    const out = render(bigBlueprint());
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const techniques = [...new Set([...out.html.matchAll(/data-kx-technique="([^"]+)"/g)].map((m) => m[1]))];
    const r = qa(out.html, { subject: out.blueprint.subject, techniques });
    expect(r.failedChecks).toEqual([]);
  });
});

describe("QA and autofix agree with the renderer", () => {
  const T = ["tabs", "accordion", "carousel", "survey", "quiz", "menu", "itemCart"] as const;
  const combos: (readonly [(typeof T)[number], (typeof T)[number]?])[] = [
    ...T.map((t) => [t] as const),
    ...T.flatMap((a, i) => T.slice(i + 1).map((b) => [a, b] as const)),
  ];
  it.each(combos.map((c) => [c.join("+"), c] as const))("%s scores 100 and needs no fixes", (_n, combo) => {
    const out = render(sampleBlueprint(combo[0], combo[1]));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const techniques = combo.filter((t): t is (typeof T)[number] => !!t);
    expect(qa(out.html, { subject: out.blueprint.subject, techniques }).failedChecks).toEqual([]);
    expect(autofix(out.html, { subject: out.blueprint.subject, techniques }).fixesApplied).toEqual([]);
  });
});

// One breakage per check: the check fails, and its message says something.
const BREAKAGES: [QaCheckId, (h: string) => string, Parameters<typeof qa>[1]?][] = [
  ["size-under-gmail-clip", (h) => h.replace("</body>", `<p style="font-size:16px">${"padding text ".repeat(9000)}</p></body>`)],
  ["doctype", (h) => h.replace("<!DOCTYPE html>", "")],
  ["charset", (h) => h.replace('<meta charset="utf-8">', "")],
  [
    "charset",
    (h) =>
      h.replace(
        '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="viewport" content="width=device-width, initial-scale=1"><meta charset="utf-8">',
      ),
  ],
  ["viewport", (h) => h.replace('<meta name="x-apple-disable-message-reformatting">', "")],
  ["lang", (h) => h.replace(' lang="en"', "")],
  ["title", (h) => h.replace(`<title>${GOOD_COPY.subject}</title>`, "<title>Other</title>")],
  ["preheader", (h) => h.replace(/<div class="kx-preheader"[^>]*>[^<]*<\/div>/, "")],
  ["vib-link", (h) => h.replace('href="{{VIB_URL}}"', 'href="https://example.com/web"')],
  ["presentation-tables", (h) => h.replace('<table role="presentation" width="100%"', '<table width="100%"')],
  ["container-width", (h) => h.replace('width="600"', 'width="800"')],
  ["img-alt", (h) => h.replace(' alt="A bowl of pea soup"', "")],
  ["img-dimensions", (h) => h.replace(' width="552" height="300"', "")],
  ["https", (h) => h.replace("https://example.com/hero.png", "http://example.com/hero.png")],
  ["no-empty-links", (h) => h.replace("https://example.com/book?u={{UUID}}", "#")],
  ["unsubscribe", (h) => h.replace("{{UNSUBSCRIBE_URL}}", "https://example.com/unsub")],
  ["no-unsafe-elements", (h) => h.replace("</body>", "<script>track()</script></body>")],
  ["no-unsafe-elements", (h) => h.replace("</head>", '<link rel="stylesheet" href="https://x.test/a.css"></head>')],
  ["placeholders", (h) => h.replace("{{UUID}}", "{{FIRST_NAME}}")],
  [
    "caniemail",
    (h) =>
      h.replace('<p style="font-size:16px;color:#1a1a1a">Fresh', '<p style="font-size:16px;color:#1a1a1a;position:absolute;left:0">Fresh'),
  ],
  ["technique-module", (h) => h, { ...ctx, techniques: ["carousel"] }],
  ["label-for", (h) => h.replace('for="k1-tab-1"', 'for="k1-tab-9"')],
  [
    "interactive-hidden",
    (h) =>
      h.replace(
        '<div class="kx-int k1-int" style="display:none;max-height:0;overflow:hidden;mso-hide:all">',
        '<div class="kx-int k1-int" style="display:block">',
      ),
  ],
  ["interactive-hidden", (h) => h.replace("u + .body .kx-int { display:none !important; }", "")],
  ["interactive-hidden", (h) => h.replace('[class~="x_kx-int"] { display:none !important; }', "")],
  ["fallback", (h) => h.replace(/<div class="kx-fb k1-fb"[^>]*>.*?<\/div><\/div>/s, "</div>")],
  [
    "fallback",
    (h) => h.replace('Mains: Lamb shoulder</h3><p style="font-size:16px;color:#1a1a1a">Slow roasted for seven hours.</p>', "Mains</h3>"),
  ],
  ["contrast", (h) => h.replace('<p style="font-size:16px;color:#1a1a1a">Fresh', '<p style="font-size:16px;color:#bbbbbb">Fresh')],
  ["contrast", (h) => h.replace('bgcolor="#0b5cad"', 'bgcolor="#8fb8e0"')],
  ["font-size", (h) => h.replace('<p style="font-size:16px;color:#1a1a1a">Fresh', '<p style="font-size:11px;color:#1a1a1a">Fresh')],
  ["tap-targets", (h) => h.replace("padding:14px 24px;border-radius:4px", "padding:4px 24px;border-radius:4px")],
  ["dark-mode", (h) => h.replace("@media (prefers-color-scheme: dark)", "@media (max-width: 480px)")],
  ["copy-verbatim", (h) => h.replace("Fresh produce from local farms", "Fresh produce from nearby farms")],
];

describe("each check fails on its own breakage", () => {
  it.each(BREAKAGES.map(([id, f, c], i) => [`${id} #${i}`, id, f, c] as const))("%s", (_name, id, breakIt, context) => {
    const broken = breakIt(GOOD);
    if (id !== "technique-module") expect(broken).not.toBe(GOOD);
    const c = check(broken, id, context ?? ctx);
    expect(c.passed).toBe(false);
    expect(c.message).not.toBe("");
  });
});

describe("buttons that lead nowhere", () => {
  it.each(["", "#", "{{VIB_URL}}", "javascript:void(0)"])(
    "fail no-empty-links naming the button, and hold the score below Ready to send (href %j)",
    (href) => {
      const html = GOOD.replace("https://example.com/book?u={{UUID}}", href);
      const r = qa(html, ctx);
      const c = r.checks.find((x) => x.id === "no-empty-links")!;
      expect(c.passed).toBe(false);
      expect(c.message).toContain("The button “Book a table” leads nowhere");
      expect(r.score).toBeLessThan(READY_TO_SEND_MIN_SCORE);
      expect(r.scoreCap).toContain("Book a table");
    },
  );

  it("leave the view-in-browser link to {{VIB_URL}} alone", () => {
    expect(check(GOOD, "no-empty-links").passed).toBe(true);
    expect(qa(GOOD, ctx).score).toBe(100);
  });

  it("count a linked image as a link: a real destination passes, an emptied one fails", () => {
    const out = render(linkedImagesBlueprint("tabs"));
    if (!out.ok) throw new Error("render failed");
    const context = { subject: out.blueprint.subject, techniques: ["tabs"] };
    expect(check(out.html, "no-empty-links", context).passed).toBe(true);
    const emptied = out.html.replace(
      '<a href="https://kinetic.example/shop" target="_blank" style="display:block;text-decoration:none"><img',
      '<a href="#" target="_blank" style="display:block;text-decoration:none"><img',
    );
    expect(emptied).not.toBe(out.html);
    expect(check(emptied, "no-empty-links", context).passed).toBe(false);
  });

  it("name a rendered button by its words", () => {
    const out = render(sampleBlueprint("tabs"));
    if (!out.ok) throw new Error("render failed");
    const html = out.html.replace(/(<a class="kx-btn" href=")[^"]*(")/, "$1{{VIB_URL}}$2");
    const label = /<a class="kx-btn"[^>]*>([^<]*)<\/a>/.exec(out.html)?.[1];
    expect(check(html, "no-empty-links", { subject: out.blueprint.subject, techniques: ["tabs"] }).message).toContain(
      `The button “${label}” leads nowhere`,
    );
  });
});

describe("technique checks", () => {
  it("name the technique that failed when two are selected", () => {
    const html = goodEmail(["tabs", "accordion"]).replace('for="k2-item-1"', 'for="k2-item-7"');
    const c = check(html, "label-for", { techniques: ["tabs", "accordion"] });
    expect(c.passed).toBe(false);
    expect(c.message).toContain("accordion");
    expect(c.message).not.toContain("tabs:");
  });

  it("namespacing passes trivially with one technique and fails on colliding namespaces", () => {
    expect(check(GOOD, "namespacing").passed).toBe(true);
    const two = goodEmail(["tabs", "accordion"]);
    expect(check(two, "namespacing", { techniques: ["tabs", "accordion"] }).passed).toBe(true);
    const clash = two.replace(/k2-/g, "k1-").replace('data-kx-ns="k2"', 'data-kx-ns="k1"');
    const c = check(clash, "namespacing", { techniques: ["tabs", "accordion"] });
    expect(c.passed).toBe(false);
    expect(c.message).toMatch(/k1/);
  });

  it("fails when a selected technique has no module", () => {
    const c = check(GOOD, "fallback", { techniques: ["tabs", "quiz"] });
    expect(c.passed).toBe(false);
    expect(c.message).toContain("quiz");
  });
});

describe("readability details", () => {
  it("accepts a design that is dark already without dark-mode overrides", () => {
    const dark = GOOD.replace("@media (prefers-color-scheme: dark)", "@media (max-width: 480px)").replace(
      'class="kx-container" width="600" cellpadding="0" cellspacing="0" border="0" style="background-color:#ffffff"',
      'class="kx-container" width="600" cellpadding="0" cellspacing="0" border="0" style="background-color:#111111"',
    );
    expect(check(dark, "dark-mode").passed).toBe(true);
  });

  it("computes contrast against the nearest background up the tree", () => {
    const onDark = GOOD.replace('<p style="font-size:16px;color:#1a1a1a">Fresh', '<p style="font-size:16px;color:#ffffff">Fresh');
    expect(check(onDark, "contrast").passed).toBe(false);
    const fixed = onDark.replace(
      '<td style="padding:24px;font-family:Arial,sans-serif;font-size:16px;line-height:24px;color:#1a1a1a">',
      '<td style="padding:24px;font-family:Arial,sans-serif;font-size:16px;line-height:24px;color:#1a1a1a;background-color:#222222">',
    );
    const c = check(fixed, "contrast");
    expect(c.message).not.toContain("#ffffff on #ffffff");
  });

  it("passes copy-verbatim trivially without a CopyDoc and checks it with one", () => {
    const noCopy = { ...ctx, copyDoc: undefined };
    expect(check(GOOD.replace("Taste spring", "Taste summer"), "copy-verbatim", noCopy).passed).toBe(true);
    const c = check(GOOD.replace("Taste spring", "Taste summer"), "copy-verbatim");
    expect(c.passed).toBe(false);
    expect(c.message).toContain("Taste spring");
  });
});

describe("score", () => {
  it("is the passed weight, and qualifiesForFreeRegen means below 70", () => {
    const broken = GOOD.replace("{{UNSUBSCRIBE_URL}}", "https://x.test").replace("<!DOCTYPE html>", "");
    const r = qa(broken, ctx);
    expect(r.score).toBe(92);
    expect(r.failedChecks.map((f) => f.id).sort()).toEqual(["doctype", "unsubscribe"]);
    expect(r.qualifiesForFreeRegen).toBe(false);
  });

  it("ignores an invalid context field instead of failing", () => {
    const r = qa(GOOD, { ...ctx, techniques: "tabs" as unknown as string[] });
    expect(r.checks).toHaveLength(28);
  });
});

describe("bad input", () => {
  const junk = [
    "",
    "just some words, no markup",
    "<div><p>unclosed <b>tags <table><tr><td>",
    "\u0000\u0001\u00ff\ufffd<<<>>>&&&#x;<!--",
    "<div>".repeat(50_000),
    `<html><body>${'<p style="color:#333">Lorem ipsum dolor sit amet {{X}}</p>'.repeat(100_000)}</body></html>`,
  ];
  it.each(junk.map((j) => [j.slice(0, 30), j]))("answers %j without throwing, with a low score", (_n, input) => {
    const r = qa(input, { techniques: ["tabs"] });
    expect(r.checks).toHaveLength(28);
    expect(r.score).toBeLessThan(70);
    expect(r.qualifiesForFreeRegen).toBe(true);
  });

  it("treats a non-string as empty", () => {
    expect(qa(undefined as unknown as string).qualifiesForFreeRegen).toBe(true);
  });
});

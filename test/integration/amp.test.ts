// POST /api/gen/amp and /api/generate with generateAmp, with the default (http) BASE_URL and no
// MAIL_FROM: the survey action is upgraded to https with a warning, and any sender is echoed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TECHNIQUES } from "~/domain/blueprint/schema";
import { sampleBlueprint } from "../fixtures/blueprints";
import { signFormId } from "~/lib/signed-form-id.server";
import { listAmpSurveyResponses } from "~/models/amp-survey.server";
import { ampLibraryMetadata } from "~/services/amp.server";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ MAIL_FROM: undefined, AMP_VALIDATOR_JS: undefined });
  token = (await createUserWithToken(server, { credits: 100 })).token;
});
afterAll(() => server?.close());

const post = (path: string, json: unknown, t = token) => server.fetch(path, { method: "POST", token: t, json });
const credits = async () => (await (await server.fetch("/api/me", { token })).json()).credits.ai_generation as number;

/** One prompt per technique, and two pairs, that the local engines recognise, each giving its modules something to show. */
const PROMPTS: Array<[string, string[]]> = [
  ["Spring sale email for Bloom & Co with tabs for Dresses ($49), Shoes ($79) and Bags ($59).", ["tabs"]],
  ["Onboarding email for Ledgerly with an accordion of plans: Starter ($9), Team ($29), Business ($79).", ["accordion"]],
  ["Product launch for Stride running shoes with an image carousel of the Trail, Road and Recovery models.", ["carousel"]],
  ["Harbor Bistro post-dinner survey: how was the food? Would you come back?", ["survey"]],
  [
    "A fun coffee quiz from Bean & Leaf: which country grows the most coffee — Brazil (correct), Vietnam or Colombia? 10% off for everyone who plays.",
    ["quiz"],
  ],
  ["Maison Verte newsletter with a hamburger menu linking to New In, Dresses, Linen and Sale.", ["menu"]],
  ["Morning Crumb Bakery: build your breakfast box with an interactive cart of sourdough ($6.50) and cold brew ($9.95).", ["itemCart"]],
  [
    "Product launch with a carousel of the new bikes: Volt City $899, Volt Trail $1299, Volt Cargo $1599. Add a quick quiz about them.",
    ["carousel", "quiz"],
  ],
  [
    "Gym newsletter with tabs for Yoga ($15), Spin ($18) and Strength ($20) classes, plus a short survey: which time suits you — morning, noon or evening?",
    ["tabs", "survey"],
  ],
];

describe("POST /api/gen/amp", () => {
  it("translates a blueprint, validates, compares with the HTML and measures clipping, without charging", async () => {
    const before = await credits();
    const blueprint = sampleBlueprint("carousel");
    const html = (await (await post("/api/generate", { prompt: "Use my blueprint", blueprint })).json()).html as string;
    const after = await credits();
    const res = await post("/api/gen/amp", { blueprint, html });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      validation: { validator: "builtin", status: "pass", errors: [] },
      repairs: [],
      parity: { available: true, ok: true, missingWords: [], missingLinks: [], items: [{ technique: "carousel" }] },
      clipping: { viewport: 360, ok: true },
      formId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(body.ampHtml).toMatch(/^<!doctype html>\n<html ⚡4email/);
    expect(body.ampHtml).toContain("<amp-carousel");
    expect(body.clipping.blocks.some((b: { component: string }) => b.component === "amp-carousel")).toBe(true);
    expect(await credits()).toBe(after);
    expect(after).toBe(before - 1); // only the /api/generate call above was charged
  });

  it("posts the survey to this deployment over https and warns that BASE_URL is http", async () => {
    const res = await post("/api/gen/amp", { blueprint: sampleBlueprint("survey") });
    const body = await res.json();
    const base = server.app.env.BASE_URL;
    expect(base.startsWith("http://")).toBe(true);
    const expected = `${base.replace(/^http:/, "https:")}/api/amp/survey/${signFormId(server.app.env.SESSION_SECRET, body.formId)}`;
    expect(body.ampHtml).toContain(`action-xhr="${expected}"`);
    expect(body.warnings).toEqual([expect.stringContaining("BASE_URL")]);
    expect(body.validation.status).toBe("pass");
    expect(body.parity).toMatchObject({ available: false, reason: "no HTML reference was given" });
  });

  it("reports parity as unavailable when the reference is not HTML", async () => {
    const res = await post("/api/gen/amp", { blueprint: sampleBlueprint("tabs"), html: "just some words, not markup" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.parity).toMatchObject({ available: false, ok: false, reason: "the reference is not an HTML document" });
    expect(body.validation.status).toBe("pass");
  });

  it("reports a changed word as a parity difference", async () => {
    const blueprint = sampleBlueprint("accordion");
    const html = (await (await post("/api/generate", { prompt: "Use my blueprint", blueprint })).json()).html as string;
    const changed = html.replace(/See you soon/g, "Goodbye forever");
    const body = await (await post("/api/gen/amp", { blueprint, html: changed })).json();
    expect(body.parity.ok).toBe(false);
    expect(body.parity.missingWords).toEqual(expect.arrayContaining(["goodbye", "forever"]));
  });

  it("answers 400 with the zod issues for a blueprint that fails the schema", async () => {
    const blueprint = sampleBlueprint("tabs") as unknown as Record<string, unknown>;
    blueprint.subject = "";
    const res = await post("/api/gen/amp", { blueprint });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error: "Invalid blueprint" });
    expect(body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: "blueprint.subject" })]));
  });

  it("answers 400 for a missing blueprint, a non-object blueprint and a non-string html", async () => {
    const missing = await post("/api/gen/amp", {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "Missing required fields", missing: ["blueprint"] });
    expect((await post("/api/gen/amp", { blueprint: "tabs" })).status).toBe(400);
    expect((await post("/api/gen/amp", { blueprint: sampleBlueprint("tabs"), html: 42 })).status).toBe(400);
    const malformed = await server.fetch("/api/gen/amp", {
      method: "POST",
      token,
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
  });

  it("fails validation for AMP over 200,000 bytes and returns the whole document", async () => {
    const blueprint = sampleBlueprint("tabs");
    const words = "Every word of this saved section is kept in the AMP part. ".repeat(1000);
    for (let i = 0; i < 4; i++)
      blueprint.sections.push({ id: `saved-${i}`, role: "saved", lockedHtml: `<p>${words.slice(0, 59_000)}</p>` } as never);
    const res = await post("/api/gen/amp", { blueprint });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Buffer.byteLength(body.ampHtml)).toBeGreaterThan(200_000);
    expect(body.ampHtml.trimEnd().endsWith("</html>")).toBe(true);
    expect(body.validation.status).toBe("fail");
    expect(body.validation.errors.map((e: { code: string }) => e.code)).toContain("AMP_DOC_TOO_LARGE");
  });

  it("gives library uploads of type amp their validator verdict and components", async () => {
    const { ampHtml } = await (await post("/api/gen/amp", { blueprint: sampleBlueprint("carousel") })).json();
    expect(ampLibraryMetadata(ampHtml)).toEqual({
      ampValidator: "pass",
      ampComponents: ["amp-bind", "amp-carousel", "amp-img", "amp-selector", "amp-state"],
    });
    const broken = ampHtml.replace('<script async src="https://cdn.ampproject.org/v0.js"></script>', "");
    expect(ampLibraryMetadata(broken).ampValidator).toBe("fail");
  });

  it("requires a user", async () => {
    const res = await server.fetch("/api/gen/amp", { method: "POST", json: { blueprint: sampleBlueprint("tabs") } });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/generate with generateAmp", () => {
  it.each(PROMPTS)("%s → AMP that validates and matches the HTML", async (prompt, techniques) => {
    const res = await post("/api/generate", { prompt, generateAmp: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.metadata.techniques).toEqual(techniques);
    expect(body.metadata.ampGenerated).toBe(true);
    expect(body.ampHtml).toMatch(/^<!doctype html>/);
    expect(body.metadata.amp).toMatchObject({ validator: "builtin", status: "pass", errors: [], parity: { available: true, ok: true } });
    expect(body.metadata.amp.clipping.ok).toBe(true);
    for (const t of techniques) expect(body.ampHtml).toContain(`data-kx-technique="${t}"`);
    if (techniques.includes("survey")) {
      expect(body.ampHtml).toContain(`/api/amp/survey/${signFormId(server.app.env.SESSION_SECRET, body.metadata.generationId)}"`);
    }
  });

  it("every technique's sample blueprint passes through /api/generate as valid, matching AMP", async () => {
    for (const t of TECHNIQUES) {
      const body = await (
        await post("/api/generate", { prompt: "Use my blueprint", blueprint: sampleBlueprint(t), generateAmp: true })
      ).json();
      expect(body.metadata.ampGenerated, t).toBe(true);
      expect(body.metadata.amp.status, t).toBe("pass");
      expect(body.metadata.amp.parity.ok, t).toBe(true);
    }
  });

  it("stores an answer posted to the survey of a sent copy of a generated email, echoing any sender without MAIL_FROM", async () => {
    const body = await (
      await post("/api/generate", { prompt: "Use my blueprint", blueprint: sampleBlueprint("survey"), generateAmp: true })
    ).json();
    const formId = body.metadata.generationId as string;
    const sent = await (await post("/api/send-email-esp", { to: "reader@example.com", html: body.html, ampHtml: body.ampHtml })).json();
    const amp = await server.app.database.client.execute({ sql: "SELECT amp_html FROM email_sends WHERE id = ?", args: [sent.sendId] });
    // The copy's action: the https-upgraded BASE_URL, the form and the send, signed.
    const action = /action-xhr="([^"]+)"/.exec(String(amp.rows[0].amp_html))![1];
    const base = server.app.env.BASE_URL.replace(/^http:/, "https:");
    expect(action).toMatch(new RegExp(`^${base.replace(/[.]/g, "\\.")}/api/amp/survey/${formId}\\.${sent.sendId}\\.[A-Za-z0-9_-]{22}$`));
    const form = new FormData();
    form.set("survey", "k1");
    form.set("sendId", sent.sendId);
    form.set("q0", "Great");
    const res = await fetch(server.url + new URL(action).pathname, {
      method: "POST",
      body: form,
      headers: { Origin: "https://mail.google.com", "AMP-Email-Sender": "anyone@sender.example" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("amp-email-allow-sender")).toBe("anyone@sender.example");
    const rows = await listAmpSurveyResponses(server.app.database.db as never, formId);
    expect(rows).toHaveLength(1);
    expect(rows[0].answers).toEqual({ survey: "k1", sendId: sent.sendId, q0: "Great" });
    // The form as built (the generation's own AMP) names no send, so it takes no answers.
    const unsent = await fetch(`${server.url}/api/amp/survey/${signFormId(server.app.env.SESSION_SECRET, formId)}`, {
      method: "POST",
      body: form,
      headers: { Origin: "https://mail.google.com" },
    });
    expect(unsent.status).toBe(410);
    expect(await listAmpSurveyResponses(server.app.database.db as never, formId)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleBlueprint } from "../fixtures/blueprints";
import { expectTabsEmailWithoutRag } from "../helpers/generation";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let token: string;
const PROMPT =
  "Spring sale email for Bloom & Co with tabs for Dresses ($49), Shoes ($79) and Bags ($59). 20% off with code BLOOM20 until May 3.";

beforeAll(async () => {
  server = await startTestServer();
  token = (await createUserWithToken(server, { credits: 100 })).token;
});
afterAll(() => server?.close());

const post = (path: string, json: unknown, t = token) => server.fetch(path, { method: "POST", token: t, json });
const credits = async (t = token) => (await (await server.fetch("/api/me", { token: t })).json()).credits.ai_generation as number;

describe("POST /api/gen/copy", () => {
  it("returns a CopyDoc and its manuscript, using the prompt's words, without charging", async () => {
    const before = await credits();
    const res = await post("/api/gen/copy", { prompt: PROMPT, emailType: "ecommerce" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.copyDoc).toMatchObject({ subject: expect.any(String), preheader: expect.any(String) });
    expect(body.copyDoc.sections.length).toBeGreaterThan(0);
    const words = JSON.stringify(body.copyDoc);
    for (const w of ["Bloom & Co", "Dresses", "BLOOM20"]) expect(words).toContain(w);
    expect(body.copyText).toContain(body.copyDoc.subject);
    expect(await credits()).toBe(before);
  });
});

describe("POST /api/gen/blueprint", () => {
  it("places a supplied copyDoc verbatim and forces brand tokens", async () => {
    const copy = (await (await post("/api/gen/copy", { prompt: PROMPT })).json()).copyDoc;
    copy.subject = "Exactly this subject, verbatim";
    const res = await post("/api/gen/blueprint", {
      prompt: PROMPT,
      copyDoc: copy,
      designTokens: { colors: { primary: "#123456" } },
      styleTheory: "no-such-theory",
    });
    expect(res.status).toBe(200);
    const { blueprint } = await res.json();
    expect(blueprint.subject).toBe("Exactly this subject, verbatim");
    expect(blueprint.design.colors.primary).toBe("#123456");
    expect(blueprint.technique).toBe("tabs");
  });

  it("rejects an invalid colour in designTokens with the zod issue", async () => {
    const res = await post("/api/gen/blueprint", { prompt: PROMPT, designTokens: { colors: { primary: "blue-ish" } } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.details[0].path).toBe("designTokens.colors.primary");
  });
});

describe("POST /api/generate", () => {
  it("builds the email, charges one credit, and fills the metadata truthfully", async () => {
    const before = await credits();
    const res = await post("/api/generate", { prompt: PROMPT });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectTabsEmailWithoutRag(body, 90);
    expect(await credits()).toBe(before - 1);
    const rows = await server.app.database.client.execute("select count(*) as n from qa_evaluations");
    expect(Number(rows.rows[0].n)).toBeGreaterThan(0);
  });

  it("uses a client blueprint as given, with saved sections verbatim", async () => {
    const blueprint = sampleBlueprint("accordion");
    blueprint.sections.push({
      id: "saved-1",
      role: "saved",
      lockedHtml: '<table role="presentation"><tr><td data-saved="yes">Saved footer block &amp; more</td></tr></table>',
    } as never);
    const res = await post("/api/generate", { prompt: "Use my blueprint", blueprint });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.metadata.technique).toBe("accordion");
    expect(body.html).toContain('<td data-saved="yes">Saved footer block &amp; more</td>');
    expect(body.blueprint.subject).toBe(blueprint.subject);
  });

  it("two techniques are two namespaced modules", async () => {
    const res = await post("/api/generate", {
      prompt:
        "Product launch with a carousel of the new bikes: Volt City $899, Volt Trail $1299, Volt Cargo $1599. Add a quick quiz about them.",
    });
    const body = await res.json();
    expect(body.metadata.techniques).toEqual(["carousel", "quiz"]);
    expect(body.html).toContain('data-kx-technique="carousel"');
    expect(body.html).toContain('data-kx-technique="quiz"');
  });

  it("leaves out a module the prompt gives nothing for, and says so, rather than invent its items", async () => {
    const res = await post("/api/generate", {
      prompt: "Product launch with a carousel of the new bikes and a quick quiz about riding style",
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.html).not.toContain('data-kx-technique="quiz"');
    expect(body.metadata.validator.warnings.join(" ")).toMatch(/quiz module was left out/);
  });

  it("refuses three techniques with a 400 and charges nothing", async () => {
    const before = await credits();
    const res = await post("/api/generate", { prompt: "An email with tabs, an accordion and a carousel" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatch(/At most 2/);
    expect(body.mentioned).toEqual(["tabs", "accordion", "carousel"]);
    const streamed = await server.fetch("/api/generate", {
      method: "POST",
      token,
      json: { prompt: "An email with tabs, an accordion and a carousel" },
      headers: { Accept: "text/event-stream" },
    });
    expect(streamed.status).toBe(400);
    expect(await credits()).toBe(before);
  });

  it("validates its input: missing prompt, long prompt, bad blueprint, bad images", async () => {
    const missing = await post("/api/generate", {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "Missing required fields", missing: ["prompt"] });
    expect((await post("/api/generate", { prompt: "   " })).status).toBe(400);
    // Over the prompt's character limit: 413 naming the field and the limit (docs/api.md "Input limits").
    expect((await post("/api/generate", { prompt: "x".repeat(20_001) })).status).toBe(413);
    const badBlueprint = await post("/api/generate", { prompt: "x", blueprint: { subject: 1 } });
    expect(badBlueprint.status).toBe(400);
    expect((await badBlueprint.json()).details.length).toBeGreaterThan(0);
    expect((await post("/api/generate", { prompt: "x", images: [{ nope: true }] })).status).toBe(400);
    expect((await post("/api/generate", { prompt: "x", savedSections: "not a list" })).status).toBe(400);
    const unknownType = await post("/api/generate", { prompt: "A newsletter with an accordion FAQ", emailType: "interplanetary" });
    expect(unknownType.status).toBe(200);
  });

  it("takes an optional layout: a family is used as given, a client blueprint without one gets it, an unknown one is a 400", async () => {
    const res = await post("/api/generate", {
      prompt: PROMPT,
      layout: "newsletter",
      images: [{ name: "logo", url: "https://cdn.bloom.example/logo.png", width: 320, height: 80 }],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.blueprint.layout).toBe("newsletter");
    expect(body.html).toContain('data-kx-layout="newsletter"');
    expect(body.blueprint.logo).toMatchObject({ src: "https://cdn.bloom.example/logo.png", width: 256, height: 64 });
    expect(body.html).toMatch(/<td class="kx-logo-plate"[^>]*><img class="kx-logo" src="https:\/\/cdn\.bloom\.example\/logo\.png"/);
    expect(body.metadata.qa.score).toBe(100);

    const auto = await (await post("/api/generate", { prompt: PROMPT, emailType: "newsletter" })).json();
    expect(auto.blueprint.layout).toBe("newsletter");

    const client = await (await post("/api/generate", { prompt: PROMPT, blueprint: sampleBlueprint("tabs"), layout: "letter" })).json();
    expect(client.blueprint.layout).toBe("letter");
    expect(client.html).toContain('data-kx-layout="letter"');

    const bad = await post("/api/generate", { prompt: PROMPT, layout: "magazine" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("layout must be one of auto, announcement, grid, newsletter, letter");
  });

  it("answers 402 when the balance is short, and charges nothing", async () => {
    const poor = await createUserWithToken(server, { credits: 0 });
    const res = await post("/api/generate", { prompt: PROMPT }, poor.token);
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ success: false, error: "Insufficient balance" });
    const invalid = await post("/api/generate", { prompt: "tabs, an accordion and a carousel" }, poor.token);
    expect(invalid.status).toBe(400);
    const streamed = await server.fetch("/api/generate", {
      method: "POST",
      token: poor.token,
      json: { prompt: PROMPT },
      headers: { Accept: "text/event-stream" },
    });
    expect(streamed.status).toBe(402);
  });

  it("streams one event per stage and ends with the result when asked for text/event-stream", async () => {
    const res = await server.fetch("/api/generate", {
      method: "POST",
      token,
      json: { prompt: PROMPT },
      headers: { Accept: "text/event-stream" },
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const text = await res.text();
    const events = text
      .trim()
      .split("\n\n")
      .map((block) => {
        const [e, d] = block.split("\n");
        return { event: e.replace("event: ", ""), data: JSON.parse(d.replace("data: ", "")) };
      });
    const stages = events.filter((e) => e.event === "stage").map((e) => e.data.stage);
    expect(stages).toEqual(["credits", "prompt", "techniques", "copy", "blueprint", "code", "autofix", "qa"]);
    const last = events[events.length - 1];
    expect(last.event).toBe("result");
    expect(last.data.success).toBe(true);
  });
});

describe("POST /api/generate-email", () => {
  it("generates directly and reports usage", async () => {
    const res = await post("/api/generate-email", { prompt: PROMPT });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.html).toContain('data-kx-technique="tabs"');
    expect(body.usage).toMatchObject({ input_tokens: expect.any(Number), output_tokens: expect.any(Number) });
    expect(body.usage.output_tokens).toBeGreaterThan(0);
  });

  it("refines existing HTML when every instruction applies, for one credit", async () => {
    const first = await (await post("/api/generate-email", { prompt: PROMPT })).json();
    const before = await credits();
    const res = await post("/api/generate-email", { prompt: 'replace "Dresses" with "Gowns"', refine: true, currentHtml: first.html });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.html).toContain("Gowns");
    expect(body.applied.length).toBe(1);
    expect(body.notApplied).toEqual([]);
    expect(body.creditsCharged).toBe(1);
    expect(await credits()).toBe(before - 1);
  });

  it("a refine with any instruction not understood changes nothing, costs nothing and names it (422)", async () => {
    const first = await (await post("/api/generate-email", { prompt: PROMPT })).json();
    const before = await credits();
    const res = await post("/api/generate-email", {
      prompt: 'replace "Dresses" with "Gowns"\nteleport the footer to Mars',
      refine: true,
      currentHtml: first.html,
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error).toContain("I did not understand “teleport the footer to Mars”");
    expect(body.notApplied).toEqual([
      { instruction: "teleport the footer to Mars", reason: "I did not understand “teleport the footer to Mars”" },
    ]);
    expect(await credits()).toBe(before);
  });

  it("refine without currentHtml is a 400 naming it", async () => {
    const res = await post("/api/generate-email", { prompt: "make it red", refine: true });
    expect(res.status).toBe(400);
    expect((await res.json()).missing).toEqual(["currentHtml"]);
  });
});

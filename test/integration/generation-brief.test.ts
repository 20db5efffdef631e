// The brief on the generation endpoints (docs/brief.md): returned beside the copy and the email,
// accepted back (validated, then used instead of reading the prompt again), and optional: a client
// that sends only the prompt works as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BriefSchema } from "~/domain/brief/schema";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let token: string;
const PROMPT =
  "Holiday gift guide for Pine & Thread with tabs for Spruce candle $30, Wool throw $85 and Linen apron $42. Free gift wrap over $50 until Dec 20, and 15% off with code JOY15.";

beforeAll(async () => {
  server = await startTestServer();
  token = (await createUserWithToken(server, { credits: 100 })).token;
});
afterAll(() => server?.close());

const post = (path: string, json: unknown) => server.fetch(path, { method: "POST", token, json });

describe("the brief on /api/gen/copy", () => {
  it("comes back beside the copy, valid, with each offer's own conditions and spans into the prompt", async () => {
    const res = await post("/api/gen/copy", { prompt: PROMPT });
    expect(res.status).toBe(200);
    const { brief, copyDoc } = await res.json();
    expect(copyDoc.subject).toEqual(expect.any(String));
    expect(BriefSchema.safeParse(brief).success).toBe(true);
    expect(brief.brand.value).toBe("Pine & Thread");
    expect(PROMPT.slice(brief.brand.span.start, brief.brand.span.end)).toBe("Pine & Thread");
    const wrap = brief.offers.find((o: { text: { value: string } }) => /gift wrap/i.test(o.text.value));
    const pct = brief.offers.find((o: { percent?: number }) => o.percent === 15);
    expect(wrap).toMatchObject({ threshold: { price: { minor: 5000 } }, deadline: { value: "Dec 20" } });
    expect(pct).toMatchObject({ code: { value: "JOY15" } });
    expect(pct.threshold).toBeUndefined();
  });

  it("uses a brief sent back instead of reading the prompt again", async () => {
    const { brief } = await (await post("/api/gen/copy", { prompt: PROMPT })).json();
    brief.brand.value = "Pine and Thread Atelier";
    const res = await post("/api/gen/copy", { prompt: PROMPT, brief });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.brief.brand.value).toBe("Pine and Thread Atelier");
    expect(JSON.stringify(body.copyDoc)).toContain("Pine and Thread Atelier");
  });

  it("refuses an invalid brief with the zod issue, and one whose spans lie past the prompt", async () => {
    const { brief } = await (await post("/api/gen/copy", { prompt: PROMPT })).json();
    const bad = await post("/api/gen/copy", { prompt: PROMPT, brief: { ...brief, offers: [{ text: { value: "x" } }] } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).details.some((d: { path: string }) => d.path.startsWith("brief.offers.0"))).toBe(true);
    const elsewhere = await post("/api/gen/copy", { prompt: "Newsletter for Pine & Thread.", brief });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.json()).toMatchObject({ success: false, error: "The brief does not belong to this prompt", field: "brief" });
  });
});

describe("the brief on /api/generate", () => {
  it("comes back with the email, and a confirmed brief's edits reach the email", async () => {
    const first = await (await post("/api/generate", { prompt: PROMPT })).json();
    expect(first.success).toBe(true);
    expect(BriefSchema.safeParse(first.brief).success).toBe(true);
    expect(first.brief.items.map((i: { name: { value: string } }) => i.name.value)).toEqual(["Spruce candle", "Wool throw", "Linen apron"]);
    const brief = { ...first.brief, brand: { ...first.brief.brand, value: "Pine and Thread Atelier" } };
    const res = await post("/api/generate", { prompt: PROMPT, brief });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.brief.brand.value).toBe("Pine and Thread Atelier");
    expect(body.html).toContain("Pine and Thread Atelier");
  });
});

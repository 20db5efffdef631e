// The generation endpoints with LLM_PROVIDER=openai: every stage engine runs through the real
// OpenAI adapter (SDK included) against a local server speaking /v1/chat/completions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BRIEF_SCHEMA_NAME, BRIEF_SYSTEM } from "~/engines/prompts/brief";
import { COPY_SYSTEM } from "~/engines/prompts/copy";
import { BLUEPRINT_SYSTEM } from "~/engines/prompts/blueprint";
import { CODE_SYSTEM } from "~/engines/prompts/code";
import { REFINE_SYSTEM } from "~/engines/prompts/refine";
import { FAKE_USAGE, startFakeLlmVendor, type FakeLlmVendor, type VendorRequest } from "../helpers/fake-llm-vendor";
import { expectTabsEmailWithoutRag } from "../helpers/generation";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let fake: FakeLlmVendor;
let server: TestServer;
let token: string;
const PROMPT =
  "Spring sale email for Bloom & Co with tabs for Dresses ($49), Shoes ($79) and Bags ($59). 20% off with code BLOOM20 until May 3.";

beforeAll(async () => {
  fake = await startFakeLlmVendor();
  server = await startTestServer({
    LLM_PROVIDER: "openai",
    OPENAI_API_KEY: "test",
    OPENAI_BASE_URL: `${fake.url}/v1`,
    LLM_TIMEOUT_MS: "3000",
    LLM_MAX_RETRIES: "0",
    // The key would also route embeddings to this server; the fake speaks chat only, so the
    // library (seeded at start) keeps the local embedder.
    EMBEDDINGS_PROVIDER: "local",
    LLM_MODEL_BLUEPRINT: "gpt-blueprint-test",
  });
  token = (await createUserWithToken(server, { credits: 100 })).token;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const post = (path: string, json: unknown) => server.fetch(path, { method: "POST", token, json });
const credits = async () => (await (await server.fetch("/api/me", { token })).json()).credits.ai_generation as number;
const count = async (table: string) => Number((await server.app.database.client.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const stages = (rs: VendorRequest[]) => rs.map((r) => r.stage);
const systemOf = (r: VendorRequest): string => r.body.messages[0].content;
const promptOf = (r: VendorRequest): string => r.body.messages.find((m: { role: string }) => m.role === "user").content;

/** Every chat completion: path, bearer key, one system message first, model, and json_object for JSON stages (json_schema for the brief). */
function expectOpenAiWire(r: VendorRequest, model: string, system: string, schemaName?: string) {
  expect(r.path).toBe("/v1/chat/completions");
  expect(r.headers.authorization).toBe("Bearer test");
  expect(r.model).toBe(model);
  expect(r.body.messages[0].role).toBe("system");
  expect(r.body.messages.filter((m: { role: string }) => m.role === "system")).toHaveLength(1);
  expect(systemOf(r).startsWith(system)).toBe(true);
  if (schemaName) {
    expect(systemOf(r)).toContain(`Respond with a single JSON object (${schemaName})`);
    if (schemaName === BRIEF_SCHEMA_NAME)
      expect(r.body.response_format).toEqual({
        type: "json_schema",
        json_schema: { name: BRIEF_SCHEMA_NAME, schema: expect.objectContaining({ type: "object" }) },
      });
    else expect(r.body.response_format).toEqual({ type: "json_object" });
  } else {
    expect(r.body).not.toHaveProperty("response_format");
  }
  expect(r.status).toBe(200);
}

describe("POST /api/gen/copy through OpenAI", () => {
  it("returns the model's CopyDoc in the prompt's words, free of charge", async () => {
    const from = fake.requests.length;
    const before = await credits();
    const res = await post("/api/gen/copy", { prompt: PROMPT, emailType: "ecommerce" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.copyDoc).toMatchObject({
      subject: expect.any(String),
      preheader: expect.any(String),
      sections: expect.any(Array),
      items: expect.any(Array),
    });
    const words = JSON.stringify(body.copyDoc);
    for (const w of ["Bloom & Co", "Dresses", "Shoes", "Bags", "BLOOM20"]) expect(words).toContain(w);
    expect(body.copyText).toContain(body.copyDoc.subject);
    expect(await credits()).toBe(before);

    const sent = fake.requests.slice(from);
    expect(stages(sent)).toEqual(["brief", "copy"]);
    expectOpenAiWire(sent[0], "gpt-4.1", BRIEF_SYSTEM, BRIEF_SCHEMA_NAME);
    expect(promptOf(sent[0])).toContain(PROMPT);
    expectOpenAiWire(sent[1], "gpt-4.1", COPY_SYSTEM, "CopyDoc");
    expect(promptOf(sent[1])).toContain(PROMPT);
    expect(promptOf(sent[1])).toContain("ecommerce (given by the caller)");
  });
});

describe("POST /api/gen/blueprint through OpenAI", () => {
  it("asks the model for structure only and places a supplied copyDoc verbatim, brand tokens forced", async () => {
    const copy = (await (await post("/api/gen/copy", { prompt: PROMPT })).json()).copyDoc;
    copy.subject = "Exactly this subject, verbatim";
    const from = fake.requests.length;
    const res = await post("/api/gen/blueprint", { prompt: PROMPT, copyDoc: copy, designTokens: { colors: { primary: "#123456" } } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.blueprint).toMatchObject({
      subject: "Exactly this subject, verbatim",
      technique: "tabs",
      design: { colors: expect.any(Object), typography: expect.any(Object), spacing: expect.any(Object), buttons: expect.any(Object) },
      sections: expect.any(Array),
      interactiveConfig: expect.any(Object),
    });
    expect(body.blueprint.design.colors.primary).toBe("#123456");

    const sent = fake.requests.slice(from);
    expect(stages(sent)).toEqual(["brief", "blueprint"]);
    expectOpenAiWire(sent[1], "gpt-blueprint-test", BLUEPRINT_SYSTEM, "StructurePlan");
    expect(promptOf(sent[1])).toContain(`0. [${copy.sections[0].role}] ${copy.sections[0].headline}`);
  });

  it("without a copyDoc, writes the copy first, then the structure", async () => {
    const from = fake.requests.length;
    const res = await post("/api/gen/blueprint", { prompt: PROMPT });
    expect(res.status).toBe(200);
    const { blueprint } = await res.json();
    expect(JSON.stringify(blueprint)).toContain("BLOOM20");
    expect(stages(fake.requests.slice(from))).toEqual(["brief", "copy", "blueprint"]);
  });
});

describe("POST /api/generate through OpenAI", () => {
  it("runs copy → blueprint → code through the model, charges one credit and logs QA", async () => {
    const before = await credits();
    const qaRows = await count("qa_evaluations");
    const from = fake.requests.length;
    const res = await post("/api/generate", { prompt: PROMPT });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectTabsEmailWithoutRag(body, 70);
    expect(body.html).not.toContain("```");
    for (const w of ["Dresses", "BLOOM20"]) expect(body.html).toContain(w);
    expect(await credits()).toBe(before - 1);
    expect(await count("qa_evaluations")).toBe(qaRows + 1);

    const sent = fake.requests.slice(from);
    expect(stages(sent)).toEqual(["brief", "copy", "blueprint", "code"]);
    expectOpenAiWire(sent[0], "gpt-4.1", BRIEF_SYSTEM, BRIEF_SCHEMA_NAME);
    expectOpenAiWire(sent[1], "gpt-4.1", COPY_SYSTEM, "CopyDoc");
    expectOpenAiWire(sent[2], "gpt-blueprint-test", BLUEPRINT_SYSTEM, "StructurePlan");
    expectOpenAiWire(sent[3], "gpt-4.1", CODE_SYSTEM); // plain text: no response_format
    expect(sent[3].body.max_tokens).toBe(16_000);
    expect(systemOf(sent[3])).not.toContain("## Library example");

    // prompt_tokens include the cached part; the service reports the uncached input, like Anthropic's.
    const served = fake.usageSince(from);
    expect(served.input).toBe(FAKE_USAGE.brief.input + FAKE_USAGE.copy.input + FAKE_USAGE.blueprint.input + FAKE_USAGE.code.input);
    expect(body.metadata.usage).toEqual({ input_tokens: served.input, output_tokens: served.output, estimated: false });
  });

  it("with useRAG, reports retrieval truthfully and puts the examples it reports into the one system message", async () => {
    const libraryDocs = await count("rag_documents");
    const from = fake.requests.length;
    const res = await post("/api/generate", { prompt: PROMPT, useRAG: true });
    expect(res.status).toBe(200);
    const { metadata, html } = await res.json();
    expect(html).toContain('data-kx-technique="tabs"');
    const { rag } = metadata;
    expect(rag.examplesCount).toBe(rag.examples.length);
    expect(rag.used).toBe(rag.examplesCount > 0);
    expect(rag.examplesCount).toBeLessThanOrEqual(7);
    expect(rag.error).toBeUndefined();
    if (libraryDocs === 0) expect(rag.used).toBe(false);

    const sent = fake.requests.slice(from);
    const rewrite = sent.filter((r) => r.stage === "rewrite");
    expect(rewrite).toHaveLength(1);
    expectOpenAiWire(rewrite[0], "gpt-4.1", "You turn a marketer's request", "RetrievalQuery");
    const rerank = sent.filter((r) => r.stage === "rerank");
    for (const r of rerank) expectOpenAiWire(r, "gpt-4.1-mini", "You pick the most useful example emails", "RerankSelection");
    if (rag.used) {
      expect(rerank).toHaveLength(1);
      const shown = JSON.parse(promptOf(rerank[0])).candidates.map((c: { id: string }) => c.id);
      for (const e of rag.examples) expect(shown).toContain(e.id);
      expect(rag.trace.query).toContain("hidden radio and checkbox inputs");
    }

    const code = sent.filter((r) => r.stage === "code");
    expect(code).toHaveLength(1);
    // OpenAI-compatible: the examples are joined into the single system message, after the instructions.
    const system = systemOf(code[0]);
    expect(system.startsWith(CODE_SYSTEM)).toBe(true);
    expect(system.split("## Library example").length - 1).toBe(rag.examplesCount);
    rag.examples.forEach((e: { id: string }) => expect(system).toContain(`(${e.id})`));
    expect(promptOf(code[0])).not.toContain("## Library example");
  });
});

describe("the brief read by the model through OpenAI", () => {
  it("gives the generation the model's brief, anchored in the prompt, with a price the model lost taken back", async () => {
    fake.editBrief((answer) => {
      // The model loses a price, invents an item, and notes a part of the prompt it does not use.
      answer.items = [{ name: "Dresses", price: "$49" }, { name: "Shoes" }, { name: "Bags", price: "$59" }, { name: "Hats", price: "$12" }];
      answer.unused = [{ text: "Spring sale email", reason: "The model's note: the kind of email" }];
    });
    try {
      const from = fake.requests.length;
      const res = await post("/api/generate", { prompt: PROMPT });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(stages(fake.requests.slice(from))[0]).toBe("brief");
      // The brief is the model's (its note is there), every value at its place in the prompt.
      expect(body.brief.unused).toContainEqual({
        text: { value: "Spring sale email", span: { start: 0, end: 17 } },
        reason: "The model's note: the kind of email",
      });
      expect(
        body.brief.items.map((i: { name: { value: string }; price?: { display: string; span: unknown } }) => [
          i.name.value,
          i.price?.display,
        ]),
      ).toEqual([
        ["Dresses", "$49"],
        ["Shoes", "$79"],
        ["Bags", "$59"],
      ]);
      expect(body.brief.items[1].price).toEqual({ display: "$79", minor: 7900, currency: "USD", span: { start: 69, end: 72 } });
      expect(PROMPT.slice(69, 72)).toBe("$79");
      expect(body.html).toContain("$79");
      expect(body.html).not.toContain("Hats");
      // Its tokens are in the total.
      expect(body.metadata.usage.input_tokens).toBe(fake.usageSince(from).input);
    } finally {
      fake.editBrief(undefined);
    }
  });
});

describe("POST /api/generate-email through OpenAI", () => {
  let first: { html: string };

  it("generates directly, reporting the vendor's token counts rather than estimates", async () => {
    const before = await credits();
    const from = fake.requests.length;
    const res = await post("/api/generate-email", { prompt: PROMPT });
    expect(res.status).toBe(200);
    const body = await res.json();
    first = body;
    expect(body.success).toBe(true);
    expect(body.html).toMatch(/^<!DOCTYPE html>/i);
    expect(body.html).toContain('data-kx-technique="tabs"');
    expect(body.qa.score).toBeGreaterThanOrEqual(70);
    expect(await credits()).toBe(before - 1);

    const sent = fake.requests.slice(from);
    expect(stages(sent)).toEqual(["brief", "copy", "blueprint", "code"]);
    const served = fake.usageSince(from);
    expect(body.usage.input_tokens).toBe(served.input);
    expect(body.usage.output_tokens).toBe(served.output);
    expect(body.usage.estimated).toBe(false);
  });

  it("refines existing HTML through the model, all or nothing: what it could not apply is named and nothing is charged", async () => {
    const before = await credits();
    const from = fake.requests.length;
    const res = await post("/api/generate-email", {
      prompt: 'replace "Dresses" with "Gowns"\nteleport the footer to Mars',
      refine: true,
      currentHtml: first.html,
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.html).toBeUndefined();
    expect(body.notApplied).toHaveLength(1);
    expect(body.notApplied[0].instruction).toContain("teleport");
    expect(await credits()).toBe(before);

    const sent = fake.requests.slice(from);
    expect(stages(sent)).toEqual(["refine"]);
    expectOpenAiWire(sent[0], "gpt-4.1", REFINE_SYSTEM, "RefineResult");
  });
});

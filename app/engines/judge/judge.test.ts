import { describe, expect, it } from "vitest";
import type { LlmClient, LlmJsonRequest, LlmResult } from "~/adapters/llm/port";
import { emptyUsage } from "~/adapters/llm/port";
import type { CopyDoc } from "~/domain/copy/schema";
import { render } from "~/domain/render";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { createJudge, judgeLocally } from "./index";
import { BRIEF_FAULT_STEP } from "./local";
import { JUDGE_PROMPT_VERSION, JudgeReplySchema, MAX_HTML_CHARS, buildJudgePrompt } from "./llm";
import { weightedScore } from "./port";
import { parsePromptFacts, type PromptFacts } from "~/domain/prompt/facts";
import { goodEmail } from "../../../test/fixtures/emails";

function rendered(technique: Parameters<typeof sampleBlueprint>[0], second?: Parameters<typeof sampleBlueprint>[1]) {
  const blueprint = sampleBlueprint(technique, second);
  const r = render(blueprint);
  if (!r.ok) throw new Error("fixture did not render");
  return { blueprint, html: r.html };
}

/** The mechanics a careless generator gets wrong: labels point nowhere, no :checked rules, no fallback. */
function breakInteractivity(html: string): string {
  return html
    .replace(/:checked/g, ":hover")
    .replace(/ for="[^"]*"/g, ' for="nowhere"')
    .replace(/class="kx-fb[^"]*"/g, 'class="gone"');
}

describe("local judge", () => {
  const { blueprint, html } = rendered("tabs");
  // The brief the email keeps: every price and promise it shows is the prompt's.
  const prompt = `Create a tabbed email for ${blueprint.brandName} comparing our three plans: Starter $9/month, Team $29/month and Business $79/month. Support is included on every plan.`;

  it("gives the same score and rubric for the same input", () => {
    const a = judgeLocally({ prompt, html, blueprint });
    const b = judgeLocally({ prompt, html, blueprint });
    expect(b).toEqual(a);
    expect(a.score).toBeGreaterThanOrEqual(0);
    expect(a.score).toBeLessThanOrEqual(100);
    expect(a.rubric.map((r) => r.criterion)).toEqual(["qa", "copy-fidelity", "techniques", "interactivity"]);
    expect(a.score).toBe(weightedScore(a.rubric));
  });

  it("rewards a well-built email over one whose controls are broken", () => {
    const good = judgeLocally({ prompt, html, blueprint });
    const bad = judgeLocally({ prompt, html: breakInteractivity(html), blueprint });
    expect(good.score).toBeGreaterThanOrEqual(90);
    expect(bad.score).toBeLessThan(good.score - 10);
    const interactivity = bad.rubric.find((r) => r.criterion === "interactivity")!;
    expect(interactivity.score).toBeLessThan(50);
    expect(interactivity.reason).toMatch(/no :checked rules/);
    expect(interactivity.reason).toMatch(/fallback/);
  });

  it("scores a missing requested technique and an unrelated document low", () => {
    const { html: accordionHtml } = rendered("accordion");
    const wrongTechnique = judgeLocally({ prompt: "A carousel of our new shoes from Stride", html: accordionHtml });
    const techniques = wrongTechnique.rubric.find((r) => r.criterion === "techniques")!;
    expect(techniques.score).toBe(0);
    expect(techniques.reason).toMatch(/no data-kx-technique="carousel" module/);
    const junk = judgeLocally({ prompt, html: "<p>hello</p>" });
    expect(junk.score).toBeLessThan(30);
  });

  it("checks each requested technique of a two-technique email and their namespaces", () => {
    const two = rendered("tabs", "itemCart");
    const result = judgeLocally({
      prompt: `Plans in tabs plus a shopping cart for ${two.blueprint.brandName}`,
      html: two.html,
      blueprint: two.blueprint,
    });
    const techniques = result.rubric.find((r) => r.criterion === "techniques")!;
    expect(techniques.reason).toMatch(/tabs \+ itemCart/);
    expect(techniques.score).toBe(100);
    expect(result.rubric.find((r) => r.criterion === "interactivity")!.score).toBe(100);
  });

  it("counts items against the blueprint", () => {
    const bp = structuredClone(blueprint);
    const module = bp.interactiveConfig.modules[0] as { items: unknown[] };
    module.items.push(structuredClone(module.items[0]), structuredClone(module.items[0]));
    const result = judgeLocally({ prompt, html, blueprint: bp });
    const techniques = result.rubric.find((r) => r.criterion === "techniques")!;
    expect(techniques.reason).toMatch(/3 of 5 items/);
    expect(techniques.score).toBe(76); // 0.4 for the module + 0.6 × 3/5 for the items
  });

  it("checks copy fidelity against the copyDoc verbatim, else against prompt facts", () => {
    const copyDoc: CopyDoc = {
      subject: blueprint.subject,
      preheader: blueprint.preheader,
      sections: [{ role: "hero", headline: blueprint.sections[0].headline ?? "", body: blueprint.sections[0].body ?? "", cta: "" }],
      items: [],
    };
    const placed = judgeLocally({ prompt, html, blueprint, copyDoc }).rubric.find((r) => r.criterion === "copy-fidelity")!;
    expect(placed.score).toBe(100);
    const changed = { ...copyDoc, sections: [{ ...copyDoc.sections[0], headline: "A headline the email never shows" }] };
    const lost = judgeLocally({ prompt, html, blueprint, copyDoc: changed }).rubric.find((r) => r.criterion === "copy-fidelity")!;
    expect(lost.score).toBeLessThan(100);
    expect(lost.reason).toMatch(/A headline the email never shows/);

    const facts = judgeLocally({ prompt: "Tabs email for Zyxware Cafe: flat white $4.50 and code SPRING20", html, blueprint }).rubric.find(
      (r) => r.criterion === "copy-fidelity",
    )!;
    expect(facts.weight).toBeGreaterThan(0);
    expect(facts.score).toBeLessThan(50);
    expect(facts.reason).toMatch(/Zyxware/);

    // A prompt with no facts has none to find, but the email's own prices and promises still need one.
    const none = judgeLocally({ prompt: "make an email with tabs", html, blueprint }).rubric.find((r) => r.criterion === "copy-fidelity")!;
    expect(none.weight).toBeGreaterThan(0);
    expect(none.reason).toMatch(/^price(?:s)? not in the prompt/);
    expect(none.reason).not.toMatch(/prompt facts appear/);
  });

  it("holds an email that says what the prompt did not at 60, naming what it said", () => {
    const thin = judgeLocally({ prompt: `Create a tabbed email for ${blueprint.brandName} comparing our three plans`, html, blueprint });
    expect(thin.score).toBeLessThanOrEqual(60 - BRIEF_FAULT_STEP);
    expect(thin.summary).toMatch(/Held at \d+: price(?:s)? not in the prompt: “\$9/);
    const kept = judgeLocally({ prompt, html, blueprint });
    expect(kept.score).toBeGreaterThan(60);
    const claim = judgeLocally({ prompt, html: html.replace("</h1>", "</h1><p>Free returns on every order.</p>"), blueprint });
    expect(claim.score).toBeLessThanOrEqual(60 - BRIEF_FAULT_STEP);
    expect(claim.rubric.find((r) => r.criterion === "copy-fidelity")!.reason).toMatch(/promise not in the prompt: “(?:free|returns)”/);
  });

  it("is the engine createJudge picks without a language model", async () => {
    const judge = createJudge();
    expect(judge.kind).toBe("local");
    const r = await judge.judge({ prompt, html, blueprint });
    expect(r.ok && r.score).toBe(judgeLocally({ prompt, html, blueprint }).score);
  });
});

describe("llm judge", () => {
  function fakeLlm(reply: (req: LlmJsonRequest<unknown>) => LlmResult<unknown>) {
    const calls: LlmJsonRequest<unknown>[] = [];
    const client: LlmClient = {
      provider: "openai",
      complete: async () => ({
        ok: false,
        error: { kind: "bad_request", message: "unused" },
        usage: emptyUsage(),
        model: "fake",
        attempts: 1,
      }),
      completeJson: async <T>(req: LlmJsonRequest<T>) => {
        calls.push(req as LlmJsonRequest<unknown>);
        return reply(req as LlmJsonRequest<unknown>) as LlmResult<T>;
      },
    };
    return { client, calls };
  }
  const usage = { inputTokens: 1000, outputTokens: 200, cacheReadTokens: 0, cacheWriteTokens: 0 };
  const reply = {
    criteria: [
      { criterion: "brief-fidelity", score: 80, reason: "Names the plans and prices." },
      { criterion: "technique", score: 90, reason: "Three tabs with content." },
      { criterion: "interactivity", score: 70, reason: "Labels wired; fallback shown." },
      { criterion: "design", score: 60, reason: "Tab labels are small on mobile." },
      { criterion: "tone", score: 100, reason: "Friendly and concrete." },
    ],
    summary: "A solid plan comparison.",
  };
  const { blueprint, html } = rendered("tabs");

  it("sends a versioned rubric prompt with structured output and computes the total itself", async () => {
    const { client, calls } = fakeLlm((req) => {
      const parsed = req.schema.safeParse(reply);
      if (!parsed.success) throw new Error("reply fixture does not match the schema");
      return { ok: true, value: parsed.data, usage, model: "judge-model", attempts: 1 };
    });
    const judge = createJudge(client);
    expect(judge.kind).toBe("llm");
    const result = await judge.judge({ prompt: "Tabs for plans", html, blueprint });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ role: "judge", schemaName: "JudgeRubric", promptVersion: JUDGE_PROMPT_VERSION, temperature: 0 });
    expect(calls[0].prompt).toContain("<prompt>\nTabs for plans\n</prompt>");
    expect(calls[0].system).toMatch(/brief-fidelity/);
    if (!result.ok) throw new Error(result.error);
    expect(result.rubric.map((r) => r.criterion)).toEqual(["qa", "brief-fidelity", "technique", "interactivity", "design", "tone"]);
    expect(result.score).toBe(weightedScore(result.rubric));
    expect(result.summary).toContain("A solid plan comparison.");
    expect(result.usage).toMatchObject({ inputTokens: 1000, outputTokens: 200, estimated: false });
  });

  it("returns the model's failure as a value", async () => {
    const { client } = fakeLlm(() => ({
      ok: false,
      error: { kind: "rate_limited", message: "slow down" },
      usage: emptyUsage(),
      model: "m",
      attempts: 3,
    }));
    const result = await createJudge(client).judge({ prompt: "x", html });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/rate_limited.*slow down/) });
  });

  it("requires every criterion exactly once in the reply and truncates long emails", () => {
    expect(JudgeReplySchema.safeParse({ ...reply, criteria: reply.criteria.slice(1).concat(reply.criteria[1]) }).success).toBe(false);
    expect(JudgeReplySchema.safeParse(reply).success).toBe(true);
    const long = buildJudgePrompt({ prompt: "p", html: "x".repeat(MAX_HTML_CHARS + 10) });
    expect(long).toMatch(/truncated: 10 more characters/);
  });
});

describe("local judge: the defects a marketer rejects", () => {
  // The QA contract email (tabs: Starters/Pea soup, Mains/Lamb shoulder) with a brand line.
  const EMAIL = goodEmail(["tabs"]).replace(
    "View in browser</a>",
    'View in browser</a>\n<p style="font-size:16px;color:#1a1a1a">Ledgerly Bistro</p>',
  );
  const prompt = "Tabs email for Ledgerly Bistro: pea soup and lamb shoulder";
  const FACTS: PromptFacts = {
    ...parsePromptFacts(prompt),
    brand: "Ledgerly Bistro",
    items: [{ name: "pea soup" }, { name: "lamb shoulder" }],
    otherItems: [],
    conditions: [],
    occasion: undefined,
    count: undefined,
  };
  const judge = (html: string, facts: Partial<PromptFacts> = {}) => judgeLocally({ prompt, html, facts: { ...FACTS, ...facts } });
  const criterion = (r: ReturnType<typeof judge>, name: string) => r.rubric.find((c) => c.criterion === name)!;
  const clean = judge(EMAIL);

  it("finds none in a clean email", () => {
    expect(criterion(clean, "copy-fidelity").score).toBe(100);
    expect(criterion(clean, "techniques").score).toBe(100);
    expect(criterion(clean, "copy-fidelity").reason).not.toMatch(/lost|placeholder|lowercase|filler|occasion/);
    expect(criterion(clean, "techniques").reason).not.toMatch(/technique phrase|condition|count/);
  });

  const CASES: [string, string, string, Partial<PromptFacts>, RegExp][] = [
    [
      "the brand lost behind an “Our shop” header",
      "copy-fidelity",
      EMAIL.replace("Ledgerly Bistro", "Our shop"),
      {},
      /brand “Ledgerly Bistro” lost; the header says “Our shop”/,
    ],
    [
      "a placeholder header next to the brand",
      "copy-fidelity",
      EMAIL.replace("Ledgerly Bistro</p>", "Ledgerly Bistro</p><p>Our team</p>"),
      {},
      /placeholder header “Our team”/,
    ],
    [
      "the technique phrase as a slide title",
      "techniques",
      EMAIL.replaceAll("Pea soup</h3>", "Carousel of three roasts</h3>"),
      {},
      /technique phrase used as content: “Carousel of three roasts/,
    ],
    [
      "a condition offered as an item",
      "techniques",
      EMAIL.replaceAll("Lamb shoulder", "Free shipping over €150"),
      { conditions: ["free shipping over €150"] },
      /condition offered as an item: “free shipping over €150” is one of the tabs items/,
    ],
    [
      "product names left lowercase",
      "copy-fidelity",
      EMAIL.replaceAll("Pea soup", "pea soup"),
      {},
      /product names left lowercase: “pea soup”/,
    ],
    [
      "a filler line that fits any product",
      "copy-fidelity",
      EMAIL.replaceAll("Mint and crème fraîche.", "With Pea soup, the everyday things just work."),
      {},
      /generic filler line that would fit any product: “With Pea soup, the everyday things just work\.”/,
    ],
    [
      "a count other than the prompt's",
      "techniques",
      EMAIL,
      { count: 3 },
      /count does not match the prompt: it asks for 3, the email has 2 in the tabs/,
    ],
    [
      "the occasion missing from subject and hero",
      "copy-fidelity",
      EMAIL,
      { occasion: "Black Friday" },
      /occasion “Black Friday” missing from the subject and hero/,
    ],
  ];
  it.each(CASES)("lowers the score for %s, naming it", (_name, name, html, facts, reason) => {
    const r = judge(html, facts);
    const c = criterion(r, name);
    expect(c.reason).toMatch(reason);
    expect(c.score).toBeLessThan(criterion(clean, name).score);
    expect(r.score).toBeLessThan(clean.score);
  });

  it("accepts the prompt's count, an occasion that leads subject and hero, and names cased on purpose", () => {
    expect(criterion(judge(EMAIL, { count: 2 }), "techniques").reason).not.toMatch(/count/);
    expect(criterion(judge(EMAIL, { occasion: "spring" }), "copy-fidelity").reason).not.toMatch(/occasion/);
    const iphone = EMAIL.replaceAll("Pea soup", "iPhone case");
    expect(criterion(judge(iphone, { items: [{ name: "iPhone case" }] }), "copy-fidelity").reason).not.toMatch(/lowercase/);
  });

  it("reads the facts from the prompt when none are given", () => {
    const r = judgeLocally({ prompt, html: EMAIL.replace("Ledgerly Bistro", "Our shop") });
    expect(criterion(r, "copy-fidelity").reason).toMatch(/Ledgerly Bistro/);
  });

  it("gives the LLM judge the prompt's facts and the defects found", () => {
    const text = buildJudgePrompt({
      prompt,
      html: EMAIL.replace("Ledgerly Bistro", "Our shop"),
      facts: { ...FACTS, occasion: "Black Friday", count: 3 },
    });
    expect(text).toContain('<prompt_facts>\n{"brand":"Ledgerly Bistro","items":["pea soup","lamb shoulder"]');
    expect(text).toMatch(/"occasion":"Black Friday"/);
    expect(text).toMatch(/<detected_defects>\n- brand “Ledgerly Bistro” lost; the header says “Our shop”/);
    expect(text).toMatch(/- count does not match the prompt/);
    expect(buildJudgePrompt({ prompt, html: EMAIL, facts: FACTS })).not.toContain("<detected_defects>");
  });
});

describe("local judge: each fault of the brief lowers the score further", () => {
  const prompt =
    "Spring menu for Ledgerly Bistro: Pea soup €9, Lamb shoulder €24, Lemon tart €8. Which dish should we add next? Risotto, Gnocchi or Paella";
  const blueprint = sampleBlueprint;
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><title>Ledgerly Bistro</title></head><body><p>Ledgerly Bistro</p>${body}</body></html>`;
  const full =
    "<p>Pea soup €9</p><p>Lamb shoulder €24</p><p>Lemon tart €8</p><p>Which dish should we add next?</p><p>Risotto</p><p>Gnocchi</p><p>Paella</p>";
  const ROWS: [string, string][] = [
    ["one price changed", full.replace("€24", "€26")],
    ["two prices changed", full.replace("€24", "€26").replace("€8", "€7")],
    ["two prices changed and an option dropped", full.replace("€24", "€26").replace("€8", "€7").replace("<p>Paella</p>", "")],
  ];
  it("scores each row below the one before it", () => {
    const scores = [full, ...ROWS.map((r) => r[1])].map((body) => judgeLocally({ prompt, html: page(body), blueprint }).score);
    for (let i = 1; i < scores.length; i++) expect(scores[i], ROWS[i - 1]![0]).toBeLessThan(scores[i - 1]!);
  });
  it("counts an option named inside the question as not answered", () => {
    const q = "Tea, coffee or chocolate?";
    const p = `Quick poll for Cafe Lune: ${q}`;
    const kept = judgeLocally({ prompt: p, html: page(`<p>${q}</p><p>Tea</p><p>Coffee</p><p>Chocolate</p>`), blueprint }).score;
    const dropped = judgeLocally({ prompt: p, html: page(`<p>${q}</p><p>Tea</p><p>Coffee</p>`), blueprint }).score;
    expect(dropped).toBeLessThan(kept);
  });
});

// The default prompt set: every prompt says which facts its email must show, and the set is
// composed as docs/generation.md "The prompt sets" describes (size, terse, other languages, markup, pairs, hostile; beyond
// retail; decimal-comma prices in the five other frame languages).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { TECHNIQUES } from "../../app/domain/blueprint/schema";
import { GenerateRequestSchema } from "../../app/domain/requests/generation";
import { EMAIL_TYPES } from "../../app/domain/prompt/facts/types";
import { listFacts, normaliseForMatch } from "./facts";
import { type PromptEntry, entryLanguage, parsePromptSet } from "../../app/domain/eval/prompt-set";
import { DEFAULT_PROMPT_SET, loadPromptSet } from "./set";

const loaded = loadPromptSet(DEFAULT_PROMPT_SET);
if (!loaded.ok) throw new Error(loaded.error);
const prompts = loaded.set.prompts;
const tagged = (tag: string) => prompts.filter((p) => p.tags?.includes(tag as never));
const language = (p: PromptEntry) => p.facts?.language;

describe(`the default prompt set (${DEFAULT_PROMPT_SET})`, () => {
  it("gives every entry a language, the same as its facts'", () => {
    expect(prompts.filter((p) => !p.language || (p.facts && p.facts.language !== p.language)).map((p) => p.id)).toEqual([]);
  });

  it.each(["fr", "es", "de", "pt", "it"])("has at least 8 prompts in %s with a decimal-comma price", (lang) => {
    const withComma = prompts.filter((p) => entryLanguage(p) === lang && /\d,\d{2}\s?€|R\$\s?\d+,\d{2}/.test(p.prompt));
    expect(withComma.length).toBeGreaterThanOrEqual(8);
  });

  it("reaches beyond retail: software, nonprofit, events, B2B newsletters, surveys and onboarding, in six languages", () => {
    for (const type of ["feedback", "nonprofit", "event", "newsletter", "onboarding", "announcement"]) {
      const langs = new Set(prompts.filter((p) => p.emailType === type).map(entryLanguage));
      expect([...langs].sort(), type).toEqual(expect.arrayContaining(["de", "en", "es", "fr", "it", "pt"]));
    }
    expect(prompts.filter((p) => /\bB2B\b/.test(p.prompt)).length).toBeGreaterThanOrEqual(6);
  });

  it("has at least 150 prompts, each with facts to find", () => {
    expect(prompts.length).toBeGreaterThanOrEqual(150);
    const without = prompts.filter((p) => !p.facts || listFacts(p.facts).length === 0).map((p) => p.id);
    expect(without).toEqual([]);
  });

  it("expects only facts written in the prompt's own words (or the saved sections it brings)", () => {
    const invented: string[] = [];
    for (const p of prompts) {
      const source = normaliseForMatch([p.prompt, ...(p.savedSections ?? []).map((s) => JSON.stringify(s))].join(" "));
      // A scale's options are not written one by one: the prompt writes the range ("0–10").
      for (const f of listFacts(p.facts!)) {
        const words = f.fromScale ?? f.value;
        if (!source.includes(normaliseForMatch(words))) invented.push(`${p.id}: ${f.kind} "${words}"`);
      }
    }
    expect(invented).toEqual([]);
  });

  it("goes beyond retail: software, nonprofit, events, B2B, newsletters, surveys and NPS, onboarding, announcements, re-engagement", () => {
    const types = new Set(prompts.map((p) => p.emailType));
    for (const t of ["saas", "nonprofit", "event", "b2b", "newsletter", "feedback", "onboarding", "announcement", "reengagement"]) {
      expect(
        prompts.some((p) => p.emailType === t || p.id.includes(t)),
        t,
      ).toBe(true);
    }
    expect(types.size).toBeGreaterThanOrEqual(12);
    // NPS: a 0–10 question (eleven options) next to a question with named options.
    const nps = prompts.filter(
      (p) =>
        p.facts?.questions?.some((q) => q.scale && /^0\s?[-–—]\s?10$/.test(q.scale)) &&
        p.facts.questions.some((q) => (q.options?.length ?? 0) >= 3),
    );
    expect(nps.length).toBeGreaterThanOrEqual(6);
    expect(nps.flatMap((p) => listFacts(p.facts!).filter((f) => f.kind === "option" && f.fromScale)).length).toBeGreaterThanOrEqual(6 * 11);
  });

  it("has at least 40 prompts in fr, es, de, pt and it with decimal-comma prices, in each of the five", () => {
    const decimalComma = /(?:\d,\d{2}\s?€|R\$\s?\d+,\d{2})/;
    const five = prompts.filter((p) => ["fr", "es", "de", "pt", "it"].includes(language(p) ?? "") && decimalComma.test(p.prompt));
    expect(five.length).toBeGreaterThanOrEqual(40);
    for (const code of ["fr", "es", "de", "pt", "it"])
      expect(five.filter((p) => language(p) === code).length, code).toBeGreaterThanOrEqual(6);
    // Their prices are facts the email must show, written as the prompt writes them.
    expect(
      five.filter((p) => listFacts(p.facts!).some((f) => f.kind === "price" && /\d,\d{2}/.test(f.value))).length,
    ).toBeGreaterThanOrEqual(40);
    // "à 14,50 €", "dès 40 €", "ab 40 €", "R$ 29,90": the forms the fact trace's review saw misread.
    for (const form of [/à \d+,\d{2} €/, /dès \d+ €/, /ab \d+ €/, /R\$ \d+,\d{2}/])
      expect(
        five.some((p) => form.test(p.prompt)),
        String(form),
      ).toBe(true);
  });

  it("has offers each with their own conditions, and links", () => {
    const twoOffers = prompts.filter((p) => (p.facts?.offers?.filter((o) => o.conditions?.length).length ?? 0) >= 2);
    expect(twoOffers.length).toBeGreaterThanOrEqual(6);
    expect(new Set(twoOffers.map(language)).size).toBeGreaterThanOrEqual(6);
    expect(prompts.filter((p) => p.facts?.links?.length).length).toBeGreaterThanOrEqual(12);
  });

  it("is at least a third terse, and terse means short", () => {
    const terse = tagged("terse");
    expect(terse.length * 3).toBeGreaterThanOrEqual(prompts.length);
    expect(terse.filter((p) => p.prompt.length > 120).map((p) => p.id)).toEqual([]);
    // Most of them typed the way people type into a box: no capital at the start.
    expect(terse.filter((p) => p.prompt[0] === p.prompt[0]!.toLowerCase()).length * 2).toBeGreaterThan(terse.length);
  });

  it("is at least a fifth non-English, in the six frame languages and a few others", () => {
    const other = prompts.filter((p) => language(p) !== "en");
    expect(other.length * 5).toBeGreaterThanOrEqual(prompts.length);
    expect(other.map((p) => p.id).sort()).toEqual(
      tagged("non-english")
        .map((p) => p.id)
        .sort(),
    );
    const languages = new Set(other.map(language));
    for (const code of ["fr", "es", "de", "pt", "it", "nl", "pl", "ja"]) expect(languages, code).toContain(code);
  });

  it("has prompts with HTML, with emoji, with two techniques, and hostile ones", () => {
    expect(tagged("html").length).toBeGreaterThanOrEqual(3);
    expect(
      tagged("html")
        .filter((p) => !/<[a-z/]/i.test(p.prompt))
        .map((p) => p.id),
    ).toEqual([]);
    expect(tagged("emoji").length).toBeGreaterThanOrEqual(3);
    expect(
      tagged("emoji")
        .filter((p) => !/\p{Extended_Pictographic}/u.test(p.prompt))
        .map((p) => p.id),
    ).toEqual([]);
    const pairs = prompts.filter((p) => (p.expectTechniques as string[]).length === 2);
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    expect(pairs.map((p) => p.id).sort()).toEqual(
      tagged("pair")
        .map((p) => p.id)
        .sort(),
    );
    const hostile = tagged("hostile");
    expect(hostile.length).toBeGreaterThanOrEqual(3);
    expect(hostile.some((p) => /ignore (?:previous|all)/i.test(p.prompt))).toBe(true);
    expect(hostile.some((p) => p.prompt.length > 10_000)).toBe(true);
  });

  it("covers every technique and every email type", () => {
    const techniques = new Set(prompts.flatMap((p) => p.expectTechniques as string[]));
    expect([...techniques].sort()).toEqual([...TECHNIQUES].sort());
    const types = new Set(prompts.map((p) => p.emailType));
    for (const t of EMAIL_TYPES) expect(types, t).toContain(t);
  });

  it("holds the copy-quality review's four prompts", () => {
    for (const start of [
      "Onboarding checklist for new Ledgerly accounting users",
      "Solar system trivia quiz from the Starlight Planetarium",
      "quick nps survey, gridline fitness members, 2 questions",
      "quiz: which houseplant fits your apartment? brand Leafly Loft",
    ]) {
      expect(
        prompts.some((p) => p.prompt.startsWith(start)),
        start,
      ).toBe(true);
    }
  });

  it("keeps bidi and zero-width controls escaped in the file, so it reads as what it holds", () => {
    const raw = fs.readFileSync(DEFAULT_PROMPT_SET, "utf8");
    expect(raw).not.toMatch(/[\u200b-\u200d\u202a-\u202e\u2066-\u2069\ufeff]/);
    expect(prompts.some((p) => p.prompt.includes("\u202e"))).toBe(true);
  });

  it("holds only requests the endpoint accepts", () => {
    const refused = prompts.filter((p) => !GenerateRequestSchema.safeParse({ ...p, useRAG: false }).success).map((p) => p.id);
    expect(refused).toEqual([]);
  });
});

describe("parsePromptSet: facts and tags", () => {
  const set = (entry: Record<string, unknown>) => JSON.stringify({ version: "t", prompts: [{ id: "a", prompt: "p", ...entry }] });

  it("accepts facts with a language and the kinds it knows", () => {
    expect(
      parsePromptSet(
        set({
          facts: { language: "fr", brand: "Spa Lumière", items: [{ name: "soin", price: "65 €" }, "forfait"] },
          tags: ["non-english"],
        }),
      ).ok,
    ).toBe(true);
    const offersAndQuestions = {
      language: "en",
      offers: [{ text: "free gift wrap", conditions: ["over $50", "until December 20"] }, { text: "15% off" }],
      questions: [
        { text: "How likely are you to recommend us", scale: "0–10" },
        { text: "Which feature", options: ["Invoices", "Bank sync"] },
      ],
      links: ["https://ledgerly.example/nps"],
    };
    expect(parsePromptSet(set({ facts: offersAndQuestions })).ok).toBe(true);
  });

  it.each([
    [{ facts: { brand: "x" } }, /prompts\[0\]\.facts\.language/],
    [{ facts: { language: "French" } }, /ISO 639/],
    [{ facts: { language: "en", brands: "x" } }, /brands/],
    [{ facts: { language: "en", items: [{ name: "" }] } }, /must not be empty/],
    [{ tags: ["shouty"] }, /prompts\[0\]\.tags\[0\]/],
    [{ facts: { language: "en", questions: [{ text: "q", scale: "zero to ten" }] } }, /scale must be a range/],
    [{ facts: { language: "en", offers: [{ text: "15% off", condition: "x" }] } }, /condition/],
  ])("refuses %j", (entry, message) => {
    const r = parsePromptSet(set(entry));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

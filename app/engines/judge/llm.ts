// The language-model judge: the model scores what only a reader can judge (fidelity to the
// brief, whether the interactive module makes sense, design, tone); QA stays deterministic and is
// included as its own criterion. The total is computed here from fixed weights, never taken from
// the model's arithmetic.
import { z } from "zod";
import type { LlmClient } from "~/adapters/llm/port";
import { type EmailDoc, parseEmail } from "~/domain/html/parse";
import { type PromptFacts, parsePromptFacts } from "~/domain/prompt/facts";
import { qaDoc } from "~/domain/qa/qa";
import { fromLlmUsage } from "../prompts/usage";
import { briefDefects } from "./brief-trace";
import { marketerDefects } from "./defects";
import { type JudgeEngine, type JudgeInput, type JudgeResult, type RubricItem, summarise, weightedScore } from "./port";

export const JUDGE_PROMPT_VERSION = "judge.v2";

export const LLM_CRITERIA = {
  "brief-fidelity": {
    weight: 25,
    question:
      "Does the email deliver what the prompt asks for: brand, product, offer, prices, dates and any quoted wording, with nothing invented that contradicts it?",
  },
  technique: {
    weight: 20,
    question:
      "Are the interactive techniques the prompt asks for present, with sensible content in every item (tabs, slides, questions, cart items…)?",
  },
  interactivity: {
    weight: 15,
    question:
      "Would the controls work in a mail client that supports :checked (labels wired to inputs, rules that switch state) and is a static fallback with the same content shown elsewhere?",
  },
  design: {
    weight: 10,
    question: "Is the layout clear, readable on a 360 px phone, with a visible primary call to action and consistent styling?",
  },
  tone: { weight: 5, question: "Is the copy clear, specific and in the tone the prompt asks for (or a fitting one), free of filler?" },
} as const;
export type LlmCriterion = keyof typeof LLM_CRITERIA;
const CRITERIA = Object.keys(LLM_CRITERIA) as LlmCriterion[];

/** Weight of the deterministic QA criterion next to the model's criteria. */
export const LLM_QA_WEIGHT = 25;

/** Long emails are cut: the judge needs the structure and the words, not every inline style. */
export const MAX_HTML_CHARS = 60_000;

export const JudgeReplySchema = z
  .object({
    criteria: z
      .array(
        z.object({
          criterion: z.enum(CRITERIA as [LlmCriterion, ...LlmCriterion[]]),
          score: z.number().min(0).max(100),
          reason: z.string().trim().min(1).max(600),
        }),
      )
      .min(CRITERIA.length),
    summary: z.string().trim().min(1).max(1200),
  })
  .superRefine((reply, ctx) => {
    for (const c of CRITERIA) {
      const n = reply.criteria.filter((x) => x.criterion === c).length;
      if (n !== 1)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["criteria"],
          message: `criterion "${c}" must appear exactly once (found ${n})`,
        });
    }
  });

const SYSTEM = [
  "You are a strict reviewer of interactive HTML emails built with CSS :checked techniques (tabs, accordion, carousel, survey, quiz, menu, itemCart).",
  "Score the email against the prompt it was generated from. For each criterion give an integer score from 0 (absent or broken) to 100 (flawless) and one short, specific reason naming what you saw.",
  "<prompt_facts> lists what the prompt states (brand, items with prices, codes, dates, offer, occasion, conditions, count); each must be visible in the email, both in the interactive view and in the static fallback.",
  'Judge as a marketer would, and score down, naming the defect: the brand lost or a placeholder header ("Our shop", "Our team"); the technique\'s name used as content (a slide titled "carousel of three roasts"); a condition offered as an item ("free shipping over €150" as a cart item); product names left lowercase; filler lines that would fit any product ("With tent, the everyday things just work."); a number of items, slides or questions other than the prompt\'s count; the occasion ("Black Friday") missing from the subject or the hero.',
  "<detected_defects>, when present, lists those defects a deterministic reader already found: confirm them in your scores.",
  "Criteria:",
  ...CRITERIA.map((c) => `- ${c}: ${LLM_CRITERIA[c].question}`),
  'Reply with JSON only: {"criteria":[{"criterion":"<name>","score":<0-100>,"reason":"<text>"}, …one per criterion…],"summary":"<two sentences>"}.',
].join("\n");

/** The facts the judge compares the email with: what QA checks, plus what a marketer expects. */
function factsForJudge(f: PromptFacts): Record<string, unknown> {
  const entries: [string, unknown][] = [
    ["brand", f.brand],
    ["items", f.items.map((i) => (i.price ? `${i.name} (${i.price.display})` : i.name))],
    ["otherItems", f.otherItems?.map((i) => (i.price ? `${i.name} (${i.price.display})` : i.name))],
    ["codes", f.codes],
    ["dates", f.dates],
    ["offer", f.offer?.text],
    ["occasion", f.occasion],
    ["conditions", f.conditions],
    ["count", f.count],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)));
}

export function buildJudgePrompt(input: JudgeInput, doc: EmailDoc = parseEmail(input.html)): string {
  const html =
    input.html.length > MAX_HTML_CHARS
      ? `${input.html.slice(0, MAX_HTML_CHARS)}\n<!-- truncated: ${input.html.length - MAX_HTML_CHARS} more characters -->`
      : input.html;
  const facts = input.facts ?? parsePromptFacts(input.prompt, input.emailType);
  const parts = [`<prompt>\n${input.prompt}\n</prompt>`, `<prompt_facts>\n${JSON.stringify(factsForJudge(facts))}\n</prompt_facts>`];
  const defects = [...marketerDefects(doc, facts), ...briefDefects(doc, input.prompt, facts)];
  if (defects.length) parts.push(`<detected_defects>\n${defects.map((d) => `- ${d.reason}`).join("\n")}\n</detected_defects>`);
  if (input.copyDoc) parts.push(`<copy_doc>\n${JSON.stringify(input.copyDoc)}\n</copy_doc>`);
  parts.push(`<email_html>\n${html}\n</email_html>`);
  return parts.join("\n\n");
}

export function createLlmJudge(llm: LlmClient): JudgeEngine {
  return {
    kind: "llm",
    async judge(input: JudgeInput): Promise<JudgeResult> {
      const doc = parseEmail(input.html);
      const facts = input.facts ?? parsePromptFacts(input.prompt, input.emailType);
      const reply = await llm.completeJson({
        role: "judge",
        system: SYSTEM,
        prompt: buildJudgePrompt({ ...input, facts }, doc),
        schema: JudgeReplySchema,
        schemaName: "JudgeRubric",
        temperature: 0,
        maxTokens: 1200,
        promptVersion: JUDGE_PROMPT_VERSION,
      });
      const usage = fromLlmUsage(reply.usage);
      if (!reply.ok) return { ok: false, error: `Judge model failed (${reply.error.kind}): ${reply.error.message}`, usage };
      const qa = qaDoc(doc, { copyDoc: input.copyDoc, subject: input.copyDoc?.subject, facts });
      const rubric: RubricItem[] = [
        {
          criterion: "qa",
          score: qa.score,
          weight: LLM_QA_WEIGHT,
          reason: qa.failedChecks.length ? `failed: ${qa.failedChecks.map((c) => c.id).join(", ")}` : "all checks pass",
        },
        ...CRITERIA.map((c) => {
          const item = reply.value.criteria.find((x) => x.criterion === c)!;
          return { criterion: c, score: Math.round(item.score), weight: LLM_CRITERIA[c].weight, reason: item.reason };
        }),
      ];
      const score = weightedScore(rubric);
      return { ok: true, score, rubric, summary: `${summarise(score, rubric)} ${reply.value.summary}`.trim(), usage };
    },
  };
}

// A prompt set: the JSON file of prompts an eval run generates from (scripts/eval/prompts.v*.json),
// with the facts each email must show. Validated with zod, with errors that point at the entry and
// field. Pure: the CLIs read the file, the admin pages' eval runner too, and both parse it here.
import { z } from "zod";

const value = z.string().trim().min(1, "a fact must not be empty").max(300);

/** A numeric answer scale as prompts write it: "0–10", "0-10", "1 – 5". */
const SCALE_RE = /^(\d{1,2})\s?[-–—]\s?(\d{1,2})$/;

/** The options a scale stands for: "0–10" is 0, 1, … 10 (at most 21). */
export function scaleOptions(scale: string): string[] {
  const m = SCALE_RE.exec(scale.trim());
  if (!m) return [];
  const from = Number(m[1]);
  const to = Number(m[2]);
  if (to < from || to - from > 20) return [];
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

/**
 * What a correct extractor finds in the prompt's own words, and so what the email must show.
 * `language` (ISO 639-1) groups the totals and is compared with the email's `<html lang>`.
 */
export const PromptFactsSchema = z
  .object({
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}$/, "language must be an ISO 639 code such as en, fr, pt"),
    brand: value.optional(),
    /** Items the prompt lists, with the price it gives each (as written: "$4.50", "19,99 €"). */
    items: z
      .array(z.union([value, z.object({ name: value, price: value.optional() }).strict()]))
      .max(40)
      .optional(),
    /** Prices not tied to a named item ("3 snacks at $2, $3 and $4"), or an offer's amount. */
    prices: z.array(value).max(40).optional(),
    codes: z.array(value).max(10).optional(),
    dates: z.array(value).max(10).optional(),
    occasion: value.optional(),
    /** Other words the email must show as written: button labels, tab names, questions, topics. */
    text: z.array(value).max(40).optional(),
    /** Offers, each with its own conditions ("over €50", "until 20 December"): a condition belongs to its offer. */
    offers: z
      .array(z.object({ text: value, conditions: z.array(value).max(10).optional() }).strict())
      .max(10)
      .optional(),
    /**
     * Questions with every answer option: named `options`, or a numeric `scale` as the prompt writes
     * it ("0–10", "1-5"), which stands for each whole number of the range ("0–10" is eleven options).
     */
    questions: z
      .array(
        z
          .object({
            text: value,
            options: z.array(value).max(20).optional(),
            scale: z.string().trim().regex(SCALE_RE, "scale must be a range such as 0–10 or 1-5").optional(),
          })
          .strict(),
      )
      .max(10)
      .optional(),
    /** Links the prompt gives, as written: the email must link to each. */
    links: z.array(value).max(10).optional(),
  })
  .strict();

export type PromptFactsSpec = z.infer<typeof PromptFactsSchema>;

/** Notes on how a prompt is written, counted by the set's composition test. */
export const PROMPT_TAGS = ["terse", "non-english", "html", "emoji", "pair", "hostile", "long"] as const;

export const PromptEntrySchema = z
  .object({
    id: z.string().trim().min(1, "id must not be empty").max(200),
    prompt: z.string().trim().min(1, "prompt must not be empty").max(20_000),
    /** The prompt's language (ISO 639-1); "en" when unset. generate:check groups its figures by it. */
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}$/, "language must be an ISO 639 code such as en, fr, pt")
      .optional(),
    emailType: z.string().trim().min(1).max(40).optional(),
    designTokens: z.record(z.unknown()).optional(),
    images: z.array(z.unknown()).optional(),
    savedSections: z.array(z.unknown()).optional(),
    styleTheory: z.string().trim().min(1).max(60).optional(),
    complexity: z.string().trim().min(1).max(40).optional(),
    /** What the email must show: generate:check reports which facts it found (not sent anywhere). */
    facts: PromptFactsSchema.optional(),
    tags: z.array(z.enum(PROMPT_TAGS)).max(PROMPT_TAGS.length).optional(),
  })
  // Sets may carry notes for people (tags, expected techniques); they are not sent anywhere.
  .passthrough();

export const PromptSetSchema = z
  .object({
    version: z.string().trim().min(1, "version must not be empty").max(100),
    prompts: z.array(PromptEntrySchema).min(1, "prompts must list at least one prompt"),
  })
  .superRefine((set, ctx) => {
    const seen = new Map<string, number>();
    set.prompts.forEach((p, i) => {
      const first = seen.get(p.id);
      if (first !== undefined)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["prompts", i, "id"],
          message: `duplicate id "${p.id}" (also prompts[${first}])`,
        });
      else seen.set(p.id, i);
    });
  });

export type PromptEntry = z.infer<typeof PromptEntrySchema>;
export type PromptSet = z.infer<typeof PromptSetSchema>;

/** An entry's language: its own field, else its facts', else English. */
export function entryLanguage(e: Pick<PromptEntry, "language" | "facts">): string {
  return e.language ?? e.facts?.language ?? "en";
}

function where(path: (string | number)[]): string {
  return path.reduce<string>((s, p) => (typeof p === "number" ? `${s}[${p}]` : s ? `${s}.${p}` : p), "") || "(top level)";
}

export function parsePromptSet(text: string, source = "prompt set"): { ok: true; set: PromptSet } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `${source} is not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  const r = PromptSetSchema.safeParse(value);
  if (!r.success) {
    const lines = r.error.issues.slice(0, 10).map((i) => `  ${where(i.path)}: ${i.message}`);
    const more = r.error.issues.length > 10 ? [`  … and ${r.error.issues.length - 10} more`] : [];
    return { ok: false, error: [`${source} is not a valid prompt set:`, ...lines, ...more].join("\n") };
  }
  return { ok: true, set: r.data };
}

/** The body of POST /api/generate for one entry: only the fields the endpoint knows. */
export function generateRequest(entry: PromptEntry, useRAG: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { prompt: entry.prompt, useRAG };
  for (const key of ["emailType", "designTokens", "images", "savedSections", "styleTheory", "complexity"] as const) {
    if (entry[key] !== undefined) body[key] = entry[key];
  }
  return body;
}

// The prompt set file: validated with zod, with errors that point at the entry and field.
import fs from "node:fs";
import { z } from "zod";
import { PromptFactsSchema } from "./facts";

/** The set the CLIs use when none is named. */
export const DEFAULT_PROMPT_SET = "scripts/eval/prompts.v4.json";

/** Notes on how a prompt is written, counted by the set's composition test. */
export const PROMPT_TAGS = ["terse", "non-english", "html", "emoji", "pair", "hostile", "long"] as const;

export const PromptEntrySchema = z
  .object({
    id: z.string().trim().min(1, "id must not be empty").max(200),
    prompt: z.string().trim().min(1, "prompt must not be empty").max(20_000),
    /** The prompt's language (ISO 639-1); "en" when unset. generate:check groups its figures by it. */
    language: z.string().trim().regex(/^[a-z]{2,3}$/, "language must be an ISO 639 code such as en, fr, pt").optional(),
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
      if (first !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["prompts", i, "id"], message: `duplicate id "${p.id}" (also prompts[${first}])` });
      else seen.set(p.id, i);
    });
  });

export type PromptEntry = z.infer<typeof PromptEntrySchema>;

/** An entry's language: its own field, else its facts', else English. */
export function entryLanguage(e: Pick<PromptEntry, "language" | "facts">): string {
  return e.language ?? e.facts?.language ?? "en";
}
export type PromptSet = z.infer<typeof PromptSetSchema>;

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

export function loadPromptSet(file: string): { ok: true; set: PromptSet } | { ok: false; error: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (e) {
    return { ok: false, error: `cannot read ${file}: ${e instanceof Error ? e.message : String(e)}` };
  }
  return parsePromptSet(text, file);
}

/** The body of POST /api/generate for one entry: only the fields the endpoint knows. */
export function generateRequest(entry: PromptEntry, useRAG: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { prompt: entry.prompt, useRAG };
  for (const key of ["emailType", "designTokens", "images", "savedSections", "styleTheory", "complexity"] as const) {
    if (entry[key] !== undefined) body[key] = entry[key];
  }
  return body;
}

// The brief corpus: briefs written the way marketers write them, each labelled with the brief the
// reader must give (scripts/eval/briefs/, its README is the labelling guide). Split by a hash of the
// id: three quarters to tune on (dev), one quarter held out. Pure: the CLIs read the files.
import { createHash } from "node:crypto";
import { z } from "zod";

export const CORPUS_KINDS = [
  "sale",
  "cart-reminder",
  "back-in-stock",
  "launch",
  "pricing-change",
  "newsletter",
  "event",
  "webinar",
  "survey",
  "nps",
  "quiz",
  "menu",
  "appeal",
  "volunteer",
  "welcome",
  "course",
  "travel",
] as const;
export type CorpusKind = (typeof CORPUS_KINDS)[number];

export const CORPUS_FORMS = [
  "bullets",
  "numbered",
  "label-lines",
  "heading-list",
  "paragraphs",
  "one-line",
  "forwarded",
  "lowercase",
  "typos",
  "emoji",
  "table",
  "faq",
  "instructions",
  "negation",
] as const;

export const CORPUS_TECHNIQUES = ["tabs", "accordion", "carousel", "survey", "quiz", "menu", "itemCart"] as const;

/** A value copied from the prompt as written. */
const said = z.string().trim().min(1).max(400);

export const CorpusBriefSchema = z
  .object({
    id: z.string().regex(/^[a-z]{2,3}-[a-z-]+-\d{2,3}$/, "id must look like en-sale-01"),
    language: z.string().regex(/^[a-z]{2,3}$/),
    kind: z.enum(CORPUS_KINDS),
    forms: z.array(z.enum(CORPUS_FORMS)).min(1),
    /** Modules the brief asks for by name or by shape ("tabs for …", "a quiz", "FAQ accordion"). */
    techniques: z.array(z.enum(CORPUS_TECHNIQUES)).default([]),
    prompt: z.string().min(20).max(6_000),
    expect: z
      .object({
        /** Who sends it, as the email should name it (may be re-cased: "helpwise" → "Helpwise"); null when the brief names none. */
        brand: z.string().trim().min(1).max(80).nullable(),
        items: z
          .array(
            z
              .object({
                name: said,
                price: said.optional(),
                /** The former price ("was $159", "from $12 to $15": "$12"). */
                was: said.optional(),
                detail: said.optional(),
                link: said.optional(),
                image: said.optional(),
              })
              .strict(),
          )
          .default([]),
        offers: z
          .array(
            z
              .object({
                text: said,
                code: said.optional(),
                /** The minimum spend's amount ("$100"). */
                threshold: said.optional(),
                deadline: said.optional(),
                scope: said.optional(),
              })
              .strict(),
          )
          .default([]),
        questions: z
          .array(
            z
              .object({
                text: said,
                options: z.array(said).default([]),
                /** A numeric scale as [min, max] ("0–10" is [0, 10]). */
                scale: z.tuple([z.number().int().min(0), z.number().int().max(100)]).optional(),
                /** A quiz question's right answer: one of the options. */
                correct: said.optional(),
              })
              .strict(),
          )
          .default([]),
        faq: z.array(z.object({ q: said, a: said }).strict()).default([]),
        event: z
          .object({ when: said.optional(), where: said.optional(), who: z.array(said).optional(), agenda: z.array(said).optional() })
          .strict()
          .optional(),
        dates: z.array(said).default([]),
        links: z.array(said).default([]),
        images: z.array(said).default([]),
        ctas: z.array(z.object({ label: said, url: said.optional() }).strict()).default([]),
        panes: z.array(z.object({ technique: z.enum(CORPUS_TECHNIQUES), titles: z.array(said).min(1) }).strict()).default([]),
        /** The words of the prompt that set the tone ("Tone: upbeat, outdoorsy"). */
        tone: said.optional(),
        /** Sentences or line parts addressed to Kinetic; `says` is the content such a line carries for the reader. */
        instructions: z.array(z.object({ text: said, says: said.optional() }).strict()).default([]),
        /** What the brief says not to mention ("Do not mention free shipping" → "free shipping"). */
        ruledOut: z.array(said).default([]),
      })
      .strict(),
  })
  .strict();
export type CorpusBrief = z.infer<typeof CorpusBriefSchema>;

export const CorpusFileSchema = z.array(CorpusBriefSchema).min(1);

/** dev (three quarters) or held-out (one quarter), from a hash of the id: stable, and blind to the brief's words. */
export function splitOf(id: string): "dev" | "heldout" {
  return createHash("sha256").update(id).digest()[0] % 4 === 0 ? "heldout" : "dev";
}

const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/** The labels that are not written in the prompt as the guide asks (each must be a substring of the prompt). */
export function labelProblems(entry: CorpusBrief): string[] {
  const prompt = fold(entry.prompt);
  const out: string[] = [];
  const check = (path: string, value: string | undefined) => {
    if (value !== undefined && !prompt.includes(fold(value))) out.push(`${entry.id}: ${path} "${value}" is not in the prompt as written`);
  };
  const e = entry.expect;
  if (e.brand && !prompt.replace(/[\s'’-]/g, "").includes(fold(e.brand).replace(/[\s'’-]/g, "")))
    out.push(`${entry.id}: brand "${e.brand}" is not in the prompt`);
  e.items.forEach((it, i) =>
    (["name", "price", "was", "detail", "link", "image"] as const).forEach((k) => check(`items.${i}.${k}`, it[k])),
  );
  e.offers.forEach((o, i) => (["text", "code", "threshold", "deadline", "scope"] as const).forEach((k) => check(`offers.${i}.${k}`, o[k])));
  e.questions.forEach((q, i) => {
    check(`questions.${i}.text`, q.text);
    q.options.forEach((o, j) => check(`questions.${i}.options.${j}`, o));
    check(`questions.${i}.correct`, q.correct);
    if (q.correct && !q.options.includes(q.correct)) out.push(`${entry.id}: questions.${i}.correct is not one of its options`);
    if (!q.scale && q.options.length === 0 && entry.kind !== "survey" && entry.kind !== "nps")
      out.push(`${entry.id}: questions.${i} has neither options nor a scale`);
  });
  e.faq.forEach((f, i) => (check(`faq.${i}.q`, f.q), check(`faq.${i}.a`, f.a)));
  if (e.event) {
    check("event.when", e.event.when);
    check("event.where", e.event.where);
    e.event.who?.forEach((w, i) => check(`event.who.${i}`, w));
    e.event.agenda?.forEach((a, i) => check(`event.agenda.${i}`, a));
  }
  e.dates.forEach((d, i) => check(`dates.${i}`, d));
  e.links.forEach((d, i) => check(`links.${i}`, d));
  e.images.forEach((d, i) => check(`images.${i}`, d));
  e.ctas.forEach((c, i) => (check(`ctas.${i}.label`, c.label), check(`ctas.${i}.url`, c.url)));
  e.panes.forEach((p, i) => p.titles.forEach((t, j) => check(`panes.${i}.titles.${j}`, t)));
  check("tone", e.tone);
  e.instructions.forEach((x, i) => {
    check(`instructions.${i}.text`, x.text);
    if (x.says && !fold(x.text).includes(fold(x.says))) out.push(`${entry.id}: instructions.${i}.says is not part of its text`);
  });
  e.ruledOut.forEach((d, i) => check(`ruledOut.${i}`, d));
  return out;
}

/** Parses one corpus file; errors name the entry and the field. */
export function parseCorpus(text: string, file: string): { ok: true; briefs: CorpusBrief[] } | { ok: false; errors: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [`${file}: not JSON (${e instanceof Error ? e.message : String(e)})`] };
  }
  const parsed = CorpusFileSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      errors: parsed.error.issues.slice(0, 40).map((i) => {
        const at = typeof i.path[0] === "number" ? ((json as Array<{ id?: string }>)[i.path[0]]?.id ?? `#${i.path[0]}`) : "";
        return `${file}: ${at} ${i.path.slice(1).join(".")}: ${i.message}`;
      }),
    };
  return { ok: true, briefs: parsed.data };
}

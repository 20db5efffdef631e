import { z } from "zod";

const text = (max: number) => z.string().trim().max(max);

/**
 * Where a button or an item leads: an absolute http(s) or mailto: address, written by the user or
 * read from the brief. Absent: the brand profile's website, and with none the button is left out
 * (a button never leads to the email's own hosted copy).
 */
export const CopyHrefSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^(?:https?:\/\/[^\s/?#]+\.[^\s]*|mailto:[^\s@]+@[^\s@]+)$/i.test(v), {
    message: "must be an http(s):// or mailto: address",
  });

export const CopySectionSchema = z.object({
  role: text(40).min(1),
  headline: text(200),
  body: text(4000),
  cta: text(80),
  href: CopyHrefSchema.optional(),
});

export const CopyItemSchema = z.object({
  label: text(80),
  headline: text(200),
  body: text(2000),
  href: CopyHrefSchema.optional(),
});

/** The single source of truth for the email's words (docs/api/generation.md "CopyDoc"). */
export const CopyDocSchema = z.object({
  subject: text(200).min(1),
  preheader: text(300),
  sections: z.array(CopySectionSchema).min(1).max(20),
  items: z.array(CopyItemSchema).max(12),
});

export type CopyDoc = z.infer<typeof CopyDocSchema>;
export type CopySection = z.infer<typeof CopySectionSchema>;
export type CopyItem = z.infer<typeof CopyItemSchema>;

/**
 * The flattened manuscript (`copyText`) a reader UI shows before the build. Plain text with
 * light markers, so a person can proof every word that will be placed verbatim.
 */
export function copyToText(copy: CopyDoc): string {
  const out: string[] = [`Subject: ${copy.subject}`];
  if (copy.preheader) out.push(`Preheader: ${copy.preheader}`);
  for (const s of copy.sections) {
    const block = [`[${s.role}]`];
    if (s.headline) block.push(s.headline);
    if (s.body) block.push(s.body);
    if (s.cta) block.push(`Button: ${s.cta}`);
    out.push(block.join("\n"));
  }
  if (copy.items.length > 0) {
    const items = copy.items.map((it, i) => {
      const head = [it.label, it.headline].filter(Boolean).join(" — ");
      return [`${i + 1}. ${head}`, it.body].filter(Boolean).join("\n");
    });
    out.push(["Interactive items:", ...items].join("\n"));
  }
  return out.join("\n\n");
}

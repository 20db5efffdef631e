// Reading a prompt into a Brief: the layout (./layout), the tokens of each line (./tokens), a role
// for every clause (./roles), the fields filled from the roles (./fill), the brand and the kind, then
// the brief with its spans and what it leaves unused (./assemble).
import { EMAIL_TYPES, type EmailType } from "~/domain/brief/kinds";
import type { Brief } from "~/domain/brief/schema";
import { toBrief } from "./assemble";
import { brandOf } from "./brand";
import { cuesFor } from "./cues";
import type { TechniqueKey } from "./cues/types";
import { fillDraft } from "./fill";
import { EMAIL_TYPE_OF_KIND, kindOf } from "./kind";
import { detectLanguage } from "./language";
import { layoutOf, type Range } from "./layout";
import { rolesOf, type Reading } from "./roles";
import { readSource } from "./source";
import { lineTokens } from "./tokens";

export function readPromptBrief(prompt: string, emailType?: string | null): Brief {
  const src = readSource(prompt);
  const text = src.text;
  const language = detectLanguage(text);
  const cues = cuesFor(language.code);
  const lines = layoutOf(text, language.code, cues.cues);
  const tokens = lines.map((l) => lineTokens(text, l, language.code, cues.cues));
  const clauses = rolesOf({ text, lines, tokens }, cues);
  const reading: Reading = { text, lines, tokens, clauses };

  const instructionTechniques = clauses.flatMap((c) => c.instruction?.techniques.map((t) => t.technique) ?? []);
  const headingTechniques = clauses.flatMap((c) => (c.technique ? [c.technique] : []));
  const kind = kindOf(reading, cues, [...instructionTechniques, ...headingTechniques]);
  const d = fillDraft(reading, cues, kind.kind, instructionTechniques);
  // A product's, a person's or an offer's words are never the sender's name.
  const excluded: Range[] = [...d.items.map((i) => i.name), ...d.who, ...d.offers.map((o) => o.text)];
  const brand = brandOf(reading, cues, excluded);
  const hinted = EMAIL_TYPES.find((t) => t === emailType) as EmailType | undefined;
  return toBrief(src, reading, cues, d, {
    language,
    brand,
    kind: kind.kind,
    kindAt: kind.at,
    named: kind.named,
    emailType: hinted
      ? { value: hinted, source: "hint" }
      : { value: EMAIL_TYPE_OF_KIND[kind.kind], source: kind.kind === "general" ? "default" : "prompt" },
    techniques: [...new Set([...headingTechniques, ...instructionTechniques])] as TechniqueKey[],
  });
}

/** The language line every LLM prompt carries, so the model writes in the email's frame language. */
import { phrasesFor } from "~/domain/copy/phrases";
import type { PromptLanguage } from "~/domain/prompt/facts";

/**
 * "Write all copy in French (fr)…" for a frame language; for a prompt language without a frame,
 * English with the request's own words kept (as the local engines do, and as the warning says).
 */
export function languageInstruction(language: PromptLanguage | string): string {
  const tag = typeof language === "string" ? language : language.frame;
  const p = phrasesFor(tag);
  const line = `Write all copy in ${p.englishName} (${p.lang}): subject, preheader, headlines, bodies, button labels, questions and options, footer. Keep names, product names, prices, codes and dates exactly as the request gives them.`;
  if (typeof language !== "string" && !language.supported && language.code !== "und") {
    return `${line} The request is written in ${language.code}, which has no local frame: keep its own words (names, items, quotes) as they are and write the rest in ${p.englishName}.`;
  }
  return line;
}

/** The language of an existing HTML document: the lang of its <html> tag (searched in its first 4 KB only). */
export function documentLanguage(html: string): string | undefined {
  const m = /<html\b[^>]*?\slang\s*=\s*["']?([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*)/i.exec(html.slice(0, 4096));
  return m?.[1];
}

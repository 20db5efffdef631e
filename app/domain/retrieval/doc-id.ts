import type { ContentType } from "./metadata";

const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * `<type>-<epoch_ms>-<suffix>` (docs/api/library.md). `rand` returns values in [0, 1); it is a parameter so the
 * id is reproducible in tests and the domain stays free of ambient randomness.
 */
export function makeDocId(type: ContentType, now: Date | number, rand: () => number, suffixLength = 8): string {
  const ms = typeof now === "number" ? now : now.getTime();
  let suffix = "";
  for (let i = 0; i < suffixLength; i++) {
    const r = rand();
    suffix += SUFFIX_ALPHABET[Math.min(SUFFIX_ALPHABET.length - 1, Math.floor(r * SUFFIX_ALPHABET.length))];
  }
  return `${type}-${Math.trunc(ms)}-${suffix}`;
}

const DOC_ID = /^(html|amp|blog)-(\d{1,16})-([a-z0-9]+)$/;

export function parseDocId(id: string): { type: ContentType; epochMs: number; suffix: string } | null {
  const m = DOC_ID.exec(id);
  if (!m) return null;
  return { type: m[1] as ContentType, epochMs: Number(m[2]), suffix: m[3] };
}

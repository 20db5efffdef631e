// A brand against the domain of the brief's links: the label a host is registered under, the
// domain's words as a name, and how a name of the brief is spelt against it.
import type { Range } from "./layout";
import type { Reading } from "./roles";
import { fold } from "./tokens/words";

/** Host labels that name no one ("www", "shop"). */
const GENERIC_HOST_LABELS = new Set([
  "www",
  "app",
  "shop",
  "mail",
  "info",
  "aide",
  "help",
  "news",
  "go",
  "my",
  "blog",
  "boutique",
  "tienda",
  "loja",
  "book",
  "tickets",
  "events",
  "donate",
  "store",
  "web",
  "m",
]);

/** Letters only, "&" read as "and" in the language (crumbandco.example is "Crumb & Co"). */
export function lettersOf(s: string, and = "and"): string {
  return fold(s.replaceAll("&", ` ${and} `))
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** A domain's words as a name: "papeterie-lune.example" → "Papeterie Lune". */
/** The label a host is registered under: "hello.lumenleather.example" → "lumenleather", "shop.bloom.co.uk" → "bloom". */
export function siteLabel(host: string): string | undefined {
  const parts = host.toLowerCase().split(".").filter(Boolean);
  if (parts.length < 2) return parts[0];
  parts.pop();
  if (parts.length >= 2 && ["co", "com", "org", "net", "gov", "ac", "edu", "gob", "gouv"].includes(parts[parts.length - 1])) parts.pop();
  const label = parts[parts.length - 1];
  return label && !GENERIC_HOST_LABELS.has(label) ? label : undefined;
}

export function domainName(host: string): string | undefined {
  const label = siteLabel(host);
  if (!label || label.length < 3) return undefined;
  return label
    .split(/[-_]/)
    .filter(Boolean)
    .map((p) => p[0].toUpperCase() + p.slice(1))
    .join(" ");
}

/** How a name is spelt against the domain: 2 the same, 1 near (one holds the other, or they share both ends), 0 apart. */
export function likeDomain(value: string, key: string, and: string): number {
  // "Pfotenglück" is pfotenglueck.example: German letters as domains spell them.
  const spelt = value.replace(/ä/gi, "ae").replace(/ö/gi, "oe").replace(/ü/gi, "ue").replace(/ß/g, "ss");
  if (spelt !== value && likeDomain(spelt, key, and) === 2) return 2;
  const v = lettersOf(value, and);
  const w = lettersOf(value, "");
  if (v === key || w === key) return 2;
  // "Banco de Alimentos de la Ribera" is bancoalimentosribera.example, "Eastside Community Pantry"
  // eastsidepantry.example: the domain spells some of the name's words whole, in order, from the first.
  const parts = value
    .split(/[\s'’-]+/)
    .map((p) => lettersOf(p, and))
    .filter(Boolean);
  if (parts.length >= 2 && parts.length <= 7 && key.startsWith(parts[0]) && spellsInOrder(key, parts)) return 2;
  if (key.length >= 4 && (v.includes(key) || w.includes(key) || (v.length >= 4 && key.includes(v)))) return 1;
  if (key.length >= 8 && v.length >= 8 && v.startsWith(key.slice(0, 4)) && v.endsWith(key.slice(-4))) return 1;
  return 0;
}

/** Whether the key is some of the parts, whole and in order, joined. */
function spellsInOrder(key: string, parts: string[]): boolean {
  const at = (k: number, i: number): boolean => {
    if (k === key.length) return true;
    for (let j = i; j < parts.length; j++) if (parts[j] && key.startsWith(parts[j], k) && at(k + parts[j].length, j + 1)) return true;
    return false;
  };
  return at(0, 0);
}

/** Up to four words spelt like the domain, with the kind of business right before them. */
export function spanSpeltLike(
  reading: Reading,
  key: string,
  and: string,
  business: ReadonlySet<string>,
  clash: (r: Range) => boolean,
): Range | undefined {
  for (const lt of reading.tokens)
    for (let i = 0; i < lt.words.length; i++)
      for (let n = 1; n <= 4 && i + n <= lt.words.length; n++) {
        const r = { start: lt.words[i].start, end: lt.words[i + n - 1].end };
        const inLink = lt.tokens.some((t) => (t.kind === "url" || t.kind === "email") && r.start < t.end && t.start < r.end);
        if (/[\n,;:()]/.test(reading.text.slice(r.start, r.end)) || clash(r) || inLink) break;
        if (likeDomain(reading.text.slice(r.start, r.end), key, and) !== 2) continue;
        const before = lt.words[i - 1];
        return before && business.has(before.folded) && reading.text.slice(before.end, r.start) === " "
          ? { start: before.start, end: r.end }
          : r;
      }
  return undefined;
}

/** A name the brief writes in lower case, as a name ("tierheim pfotenglück" → "Tierheim Pfotenglück"). */
export function recased(value: string): string {
  return value === value.toLowerCase() ? value.replace(/(^|[\s-])(\p{Ll})/gu, (_, a: string, b: string) => a + b.toUpperCase()) : value;
}

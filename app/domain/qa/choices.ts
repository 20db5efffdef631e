// The choices a prompt writes out: "Main Stage, Dock Stage or Kids Tent", "yes / less often / no".
// Each is a question's options as the user wrote them, whether or not the brief's reading of the
// question kept them: QA's fidelity and the judge both ask that every one of them is in the email.
// Pure; the lazy words are bounded (30 characters, 7 options), so a line costs linear work.
const WORDS = "[\\p{L}\\p{N}][\\p{L}\\p{N}'’ -]{0,30}?";
/** "Invoices, Expense tracking or Bank sync", "Yoga, Spinning o Pilates", "yes / less often / no": a choice the prompt offers. */
const CHOICE = new RegExp(
  `((?:${WORDS},\\s*){1,6}${WORDS})\\s+(?:or|ou|o|oder)\\s+(${WORDS})(?=\\s*(?:[?.!,;:)\\n]|$))|((?:${WORDS}\\s+/\\s+){1,6}${WORDS})(?=\\s*(?:[?.!,;:)\\n]|$))`,
  "giu",
);

const CLAUSE_TAIL = /\s+(?:for|to|with|at|on|by|from|pour|para|für|per|von)\s.*$/i;
const SHARED_HEAD = /\s+(?:plans|models|tiers|editions|versions|options|formules|planos|piani|tarife)$/i;

/** The options of every choice the prompt writes out (at most 10 choices). */
export function choices(prompt: string): string[][] {
  const out: string[][] = [];
  for (const m of prompt.matchAll(CHOICE)) {
    if (out.length >= 10) break;
    const list = m[3] ? m[3].split("/") : [...m[1]!.split(","), m[2]!];
    const options = list.map((o) => o.trim()).filter(Boolean);
    // "starter / pro / agency plans for pagecraft": the last option ends where a clause starts, and
    // the head noun the options share ("plans") is none of them.
    if (options.length) options[options.length - 1] = options[options.length - 1]!.replace(CLAUSE_TAIL, "").replace(SHARED_HEAD, "");
    // A URL's path ("a/b/c") is not a choice.
    if (options.length >= 2 && options.every((o) => o.length <= 30 && !/\d{3,}|\.[a-z]{2,}/i.test(o))) out.push(options);
  }
  return out;
}

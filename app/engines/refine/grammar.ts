/**
 * The refine grammar (docs/refine.md): change instructions in plain sentences, parsed into edits.
 * Pure. Parsing works on the instruction text only; the edits are applied on the DOM in ./local.ts.
 */

export type Edit =
  | { kind: "replaceText"; from: string; to: string }
  | { kind: "headline"; to: string }
  | { kind: "subject"; to: string }
  | { kind: "preheader"; to: string }
  | { kind: "buttonColor"; color: string }
  | { kind: "recolor"; target: "primary" | "background" | "text" | "accent" | { hex: string }; color: string }
  | { kind: "ctaLabel"; to: string; which?: string }
  | { kind: "ctaLink"; url: string; which?: string }
  | { kind: "removeSection"; match: string }
  | { kind: "addSection"; headline: string; body: string; position?: { where: "before" | "after"; match: string } | "top" | "end" };

export type ParsedInstruction = { instruction: string; edit: Edit } | { instruction: string; error: string };

/** Named colours people use in edits; values chosen to be readable on white as button fills. */
export const COLOR_NAMES: Record<string, string> = {
  red: "#dc2626",
  crimson: "#b91c1c",
  blue: "#2563eb",
  navy: "#1e3a8a",
  "light blue": "#38bdf8",
  "dark blue": "#1e40af",
  green: "#16a34a",
  "dark green": "#166534",
  teal: "#0d9488",
  black: "#111111",
  white: "#ffffff",
  orange: "#ea580c",
  purple: "#7c3aed",
  violet: "#7c3aed",
  pink: "#db2777",
  magenta: "#c026d3",
  yellow: "#facc15",
  gold: "#d4af37",
  brown: "#92400e",
  grey: "#6b7280",
  gray: "#6b7280",
  "light grey": "#e5e7eb",
  "light gray": "#e5e7eb",
  "dark grey": "#374151",
  "dark gray": "#374151",
  beige: "#f5f0e6",
  cream: "#fffbeb",
};

const QUOTE = String.raw`(?:"([^"]*)"|“([^”]*)”|'([^']*)'|‘([^’]*)’)`;
const COLOR = String.raw`(#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)|(?:light |dark )?[a-z]+)`;
const URL = String.raw`((?:https?:\/\/|mailto:|tel:)[^\s"'<>]+|\{\{[A-Z_]+\}\}[^\s"'<>]*)`;

function q(m: RegExpExecArray, from: number): string {
  return m[from] ?? m[from + 1] ?? m[from + 2] ?? m[from + 3] ?? "";
}

/** Normalises a colour word or value to #rrggbb; undefined when it is not a colour. */
export function toHex(raw: string): string | undefined {
  const s = raw.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(s)) return s;
  if (/^#[0-9a-f]{3}$/.test(s)) return `#${s[1]}${s[1]}${s[2]}${s[2]}${s[3]}${s[3]}`;
  const rgb = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/.exec(s);
  if (rgb) {
    const parts = rgb.slice(1, 4).map(Number);
    if (parts.some((p) => p > 255)) return undefined;
    return `#${parts.map((p) => p.toString(16).padStart(2, "0")).join("")}`;
  }
  return COLOR_NAMES[s];
}

/**
 * Splits free text into single instructions: lines, semicolons, sentence ends and "then",
 * never inside quotes (a quoted headline may hold a full stop) and never inside a URL.
 */
const BLANK = /\s/;

export function splitInstructions(text: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quote: string | null = null;
  const closer: Record<string, string> = { '"': '"', "“": "”", "‘": "’" };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      cur += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch in closer) {
      quote = closer[ch];
      cur += ch;
      continue;
    }
    // A run of blanks outside quotes is one space: the rules pair \s* with \s+, which backtrack
    // through a long run from every position in it. (Quoted words are kept exactly.)
    if (ch !== "\n" && BLANK.test(ch)) {
      if (!cur.endsWith(" ")) cur += " ";
      continue;
    }
    if (ch === "\n" || ch === ";") {
      out.push(cur);
      cur = "";
      continue;
    }
    if ((ch === "." || ch === "!" || ch === "?") && (i + 1 >= text.length || /\s/.test(text[i + 1]))) {
      out.push(cur);
      cur = "";
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return (
    out
      // (?<!\s): a separator starts where its blanks start, so a run of blanks (kept inside quotes)
      // is read once, not once per blank.
      .flatMap((s) => s.split(/,?(?<!\s)\s+(?:and\s+)?then\s+/i))
      .map((s) =>
        s
          .replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "")
          .replace(/^(?:(?:please|also|and|then)\s+)+/i, "")
          .trim(),
      )
      .filter((s) => s.length > 0)
  );
}

type Rule = { re: RegExp; build: (m: RegExpExecArray) => Edit | string };

const SECTION_WORD = String.raw`(?:section|block|part|row)`;

const RULES: Rule[] = [
  {
    re: new RegExp(
      String.raw`^(?:replace|change|swap)\s+(?:the\s+text\s+|the\s+words?\s+)?${QUOTE}\s+(?:with|to|for|into)\s+${QUOTE}$`,
      "i",
    ),
    build: (m) => (q(m, 1) === "" ? "The text to replace is empty" : { kind: "replaceText", from: q(m, 1), to: q(m, 5) }),
  },
  {
    re: new RegExp(
      String.raw`^(?:change|set|make|update|rename)\s+the\s+(?:main\s+)?(?:headline|heading|title|h1)\s+(?:to|as|into|say|read)\s+${QUOTE}$`,
      "i",
    ),
    build: (m) => ({ kind: "headline", to: q(m, 1) }),
  },
  {
    re: new RegExp(String.raw`^(?:change|set|make|update)\s+the\s+subject(?:\s+line)?\s+(?:to|as)\s+${QUOTE}$`, "i"),
    build: (m) => ({ kind: "subject", to: q(m, 1) }),
  },
  {
    re: new RegExp(String.raw`^(?:change|set|make|update)\s+the\s+preheader(?:\s+text)?\s+(?:to|as)\s+${QUOTE}$`, "i"),
    build: (m) => ({ kind: "preheader", to: q(m, 1) }),
  },
  {
    re: new RegExp(
      String.raw`^(?:change|set|make|update)\s+(?:the\s+)?(?:(?:${QUOTE})\s+)?(?:cta|button|call[- ]to[- ]action)s?\s+(?:label|text|copy|wording)\s+(?:to|as|say|read)\s+${QUOTE}$`,
      "i",
    ),
    build: (m) => ({ kind: "ctaLabel", which: q(m, 1) || undefined, to: q(m, 5) }),
  },
  {
    re: new RegExp(
      String.raw`^(?:change|set|make|update|point)\s+(?:the\s+)?(?:(?:${QUOTE})\s+)?(?:cta|button|call[- ]to[- ]action)s?(?:\s+(?:link|url|href|target|destination))?\s+(?:to|at)\s+${URL}$`,
      "i",
    ),
    build: (m) => ({ kind: "ctaLink", which: q(m, 1) || undefined, url: m[5].replace(/[.,;:!?)]+$/, "") }),
  },
  {
    re: new RegExp(
      String.raw`^(?:make|turn|colou?r|change|set)\s+(?:all\s+)?(?:the\s+)?(?:buttons?|ctas?)(?:\s+(?:background\s+)?colou?rs?)?\s+(?:to\s+|into\s+)?${COLOR}$`,
      "i",
    ),
    build: (m) => {
      const hex = toHex(m[1]);
      return hex
        ? { kind: "buttonColor", color: hex }
        : `"${m[1]}" is not a colour I know (use a name such as red or a hex value such as #123456)`;
    },
  },
  {
    re: new RegExp(
      String.raw`^(?:recolou?r|change|set|make)\s+the\s+(primary|brand|main|accent|background|text)\s+colou?r\s+(?:to|into)\s+${COLOR}$`,
      "i",
    ),
    build: (m) => {
      const hex = toHex(m[2]);
      const t = m[1].toLowerCase();
      const target = t === "background" ? "background" : t === "text" ? "text" : t === "accent" ? "accent" : "primary";
      return hex ? { kind: "recolor", target, color: hex } : `"${m[2]}" is not a colour I know`;
    },
  },
  {
    re: new RegExp(String.raw`^(?:change|set|make)\s+the\s+(background|text)(?:\s+colou?r)?\s+(?:to|into)?\s*${COLOR}$`, "i"),
    build: (m) => {
      const hex = toHex(m[2]);
      return hex
        ? { kind: "recolor", target: m[1].toLowerCase() as "background" | "text", color: hex }
        : `"${m[2]}" is not a colour I know`;
    },
  },
  {
    re: new RegExp(
      String.raw`^(?:recolou?r|change|replace|swap)\s+(?:the\s+colou?r\s+)?(#[0-9a-fA-F]{3,6})\s+(?:to|with|for|into)\s+${COLOR}$`,
      "i",
    ),
    build: (m) => {
      const from = toHex(m[1]);
      const to = toHex(m[2]);
      if (!from) return `"${m[1]}" is not a hex colour`;
      return to ? { kind: "recolor", target: { hex: from }, color: to } : `"${m[2]}" is not a colour I know`;
    },
  },
  {
    re: new RegExp(String.raw`^(?:remove|delete|drop|hide)\s+(?:the\s+)?(?:${SECTION_WORD}\s+)?${QUOTE}(?:\s+${SECTION_WORD})?$`, "i"),
    build: (m) => ({ kind: "removeSection", match: q(m, 1) }),
  },
  {
    re: new RegExp(String.raw`^(?:remove|delete|drop|hide)\s+the\s+([a-z][a-z0-9 -]{1,29}?)\s+${SECTION_WORD}$`, "i"),
    build: (m) => ({ kind: "removeSection", match: m[1] }),
  },
  {
    re: new RegExp(
      String.raw`^add\s+(?:a\s+|an\s+|another\s+)?(?:new\s+)?${SECTION_WORD}\s+(?:(?:called|titled|headed|with\s+(?:the\s+)?(?:headline|title|heading))\s+)?${QUOTE}\s*,?\s+(?:saying|that\s+says|reading|with\s+(?:the\s+)?(?:body|text)|and\s+(?:the\s+)?(?:body|text))\s+${QUOTE}(?:\s+(before|after)\s+(?:the\s+)?(?:${SECTION_WORD}\s+)?${QUOTE}(?:\s+${SECTION_WORD})?|\s+(?:at\s+the\s+)?(top|end|bottom))?$`,
      "i",
    ),
    build: (m) => {
      const where = m[9]?.toLowerCase() as "before" | "after" | undefined;
      const edge = m[14]?.toLowerCase();
      const position = where ? { where, match: q(m, 10) } : edge ? (edge === "top" ? "top" : "end") : undefined;
      return { kind: "addSection", headline: q(m, 1), body: q(m, 5), position } as Edit;
    },
  },
];

export function parseInstruction(instruction: string): ParsedInstruction {
  // (?<![.!]): from the start of a run only; otherwise "!!!…!x" is read once per "!".
  const text = instruction.trim().replace(/(?<![.!])[.!]+$/, "");
  for (const rule of RULES) {
    const m = rule.re.exec(text);
    if (!m) continue;
    const built = rule.build(m);
    return typeof built === "string" ? { instruction, error: built } : { instruction, edit: built };
  }
  return { instruction, error: "Not understood; see docs/refine.md for the instructions the local refiner knows" };
}

export function parseInstructions(text: string): ParsedInstruction[] {
  return splitInstructions(text).map(parseInstruction);
}

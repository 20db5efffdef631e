import type { Design, DesignTokens, Technique } from "./schema";

const SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";
const SYSTEM = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const SERIF = "Georgia, 'Times New Roman', Times, serif";
const MONO_HEAD = "'SF Mono', Menlo, Consolas, 'Courier New', monospace";

type Preset = Design;

function preset(
  colors: Design["colors"],
  type: { body: string; heading: string; base?: number; lh?: number; h?: [number, number, number]; hw?: number },
  buttons: Design["buttons"],
  spacing: Partial<Design["spacing"]> = {},
): Preset {
  const [h1, h2, h3] = type.h ?? [32, 24, 18];
  return {
    colors,
    typography: {
      fontFamily: type.body,
      headingFontFamily: type.heading,
      baseSize: type.base ?? 16,
      lineHeight: type.lh ?? 1.6,
      headingSizes: { h1, h2, h3 },
      weights: { body: 400, bold: 700, heading: type.hw ?? 700 },
    },
    spacing: { unit: 8, sectionPadding: 32, containerWidth: 600, ...spacing },
    buttons,
  };
}

/** Named style theories; every one is a complete design, checked for WCAG AA contrast in tests. */
export const STYLE_PRESETS = {
  minimal: preset(
    {
      background: "#f4f4f5",
      surface: "#ffffff",
      text: "#18181b",
      mutedText: "#52525b",
      primary: "#18181b",
      onPrimary: "#ffffff",
      accent: "#2563eb",
      border: "#e4e4e7",
      link: "#1d4ed8",
    },
    { body: SANS, heading: SANS, hw: 600, h: [30, 22, 18] },
    { radius: 6, paddingY: 14, paddingX: 28, style: "solid" },
  ),
  bold: preset(
    {
      background: "#ffe4e6",
      surface: "#ffffff",
      text: "#0f172a",
      mutedText: "#475569",
      primary: "#e11d48",
      onPrimary: "#ffffff",
      accent: "#f59e0b",
      border: "#e2e8f0",
      link: "#be123c",
    },
    { body: SYSTEM, heading: SYSTEM, hw: 800, h: [38, 26, 19] },
    { radius: 10, paddingY: 16, paddingX: 32, style: "solid" },
  ),
  editorial: preset(
    {
      background: "#f5f1ea",
      surface: "#fffdf8",
      text: "#1f1b16",
      mutedText: "#5c5347",
      primary: "#7c2d12",
      onPrimary: "#ffffff",
      accent: "#b45309",
      border: "#e7dfd2",
      link: "#9a3412",
    },
    { body: SERIF, heading: SERIF, base: 17, lh: 1.65, hw: 700, h: [34, 24, 19] },
    { radius: 0, paddingY: 14, paddingX: 28, style: "outline" },
    { sectionPadding: 40 },
  ),
  playful: preset(
    {
      background: "#fdf2f8",
      surface: "#ffffff",
      text: "#3b0764",
      mutedText: "#6b21a8",
      primary: "#7c3aed",
      onPrimary: "#ffffff",
      accent: "#db2777",
      border: "#f5d0fe",
      link: "#6d28d9",
    },
    { body: SYSTEM, heading: SYSTEM, hw: 800, h: [34, 24, 19] },
    { radius: 999, paddingY: 14, paddingX: 30, style: "solid" },
  ),
  luxury: preset(
    {
      background: "#0c0a09",
      surface: "#1c1917",
      text: "#f5f5f4",
      mutedText: "#d6d3d1",
      primary: "#d4af37",
      onPrimary: "#1c1917",
      accent: "#d4af37",
      border: "#44403c",
      link: "#e7c766",
    },
    { body: SANS, heading: SERIF, lh: 1.7, hw: 400, h: [36, 26, 19] },
    { radius: 0, paddingY: 15, paddingX: 36, style: "solid" },
    { sectionPadding: 44 },
  ),
  corporate: preset(
    {
      background: "#eef2f7",
      surface: "#ffffff",
      text: "#1e293b",
      mutedText: "#475569",
      primary: "#1d4ed8",
      onPrimary: "#ffffff",
      accent: "#0891b2",
      border: "#dbe3ee",
      link: "#1d4ed8",
    },
    { body: SYSTEM, heading: SYSTEM, hw: 700, h: [28, 22, 18] },
    { radius: 4, paddingY: 13, paddingX: 26, style: "solid" },
  ),
  tech: preset(
    {
      background: "#0b1220",
      surface: "#111a2e",
      text: "#e2e8f0",
      mutedText: "#a3b1c6",
      primary: "#22d3ee",
      onPrimary: "#0b1220",
      accent: "#a78bfa",
      border: "#1f2b45",
      link: "#67e8f9",
    },
    { body: SYSTEM, heading: MONO_HEAD, hw: 700, h: [30, 22, 18] },
    { radius: 8, paddingY: 14, paddingX: 28, style: "solid" },
  ),
  warm: preset(
    {
      background: "#fff7ed",
      surface: "#ffffff",
      text: "#431407",
      mutedText: "#7c2d12",
      primary: "#c2410c",
      onPrimary: "#ffffff",
      accent: "#ea580c",
      border: "#fed7aa",
      link: "#c2410c",
    },
    { body: SANS, heading: SERIF, hw: 700, h: [32, 24, 18] },
    { radius: 12, paddingY: 14, paddingX: 28, style: "solid" },
  ),
  fresh: preset(
    {
      background: "#ecfdf5",
      surface: "#ffffff",
      text: "#064e3b",
      mutedText: "#065f46",
      primary: "#047857",
      onPrimary: "#ffffff",
      accent: "#10b981",
      border: "#a7f3d0",
      link: "#047857",
    },
    { body: SYSTEM, heading: SYSTEM, hw: 700, h: [32, 24, 18] },
    { radius: 8, paddingY: 14, paddingX: 28, style: "solid" },
  ),
} satisfies Record<string, Preset>;

export type PresetKey = keyof typeof STYLE_PRESETS;
export type StyleTheoryKey = PresetKey | "auto";
export const STYLE_THEORY_KEYS = ["auto", ...(Object.keys(STYLE_PRESETS) as PresetKey[])] as const;

/** An unknown styleTheory key degrades silently to Auto (docs/api/generation.md). */
export function resolveStyleTheory(key: unknown): StyleTheoryKey {
  return typeof key === "string" && Object.prototype.hasOwnProperty.call(STYLE_PRESETS, key) ? (key as PresetKey) : "auto";
}

// First match wins; words are matched against the lower-cased email type.
const BY_EMAIL_TYPE: Array<[RegExp, PresetKey]> = [
  [/newsletter|digest|story|article|editorial/, "editorial"],
  [/sale|promo|flash|discount|black friday|offer/, "bold"],
  [/launch|product|release|update|feature|saas|app/, "tech"],
  [/event|invite|invitation|gala|vip|luxury/, "luxury"],
  [/welcome|onboard|birthday|celebrat|party/, "playful"],
  [/restaurant|food|menu|recipe|order|cart|shop/, "warm"],
  [/survey|feedback|poll|quiz|report|b2b|webinar|invoice/, "corporate"],
  [/health|wellness|eco|green|garden|fitness/, "fresh"],
];

const BY_TECHNIQUE: Record<Technique, PresetKey> = {
  tabs: "minimal",
  accordion: "corporate",
  carousel: "bold",
  survey: "corporate",
  quiz: "playful",
  menu: "minimal",
  itemCart: "warm",
};

/** What `auto` stands for: from the email type when it says something, else from the technique. */
export function autoPreset(hint: { emailType?: string; technique?: Technique }): PresetKey {
  const type = (hint.emailType ?? "").toLowerCase();
  for (const [re, key] of BY_EMAIL_TYPE) if (re.test(type)) return key;
  return hint.technique ? BY_TECHNIQUE[hint.technique] : "minimal";
}

/** The complete design of a style theory key (unknown → auto, resolved with the hint). */
export function styleTheoryDesign(
  key: unknown,
  hint: { emailType?: string; technique?: Technique } = {},
): { key: PresetKey; design: Design } {
  const resolved = resolveStyleTheory(key);
  const k = resolved === "auto" ? autoPreset(hint) : resolved;
  return { key: k, design: structuredClone(STYLE_PRESETS[k]) };
}

function defined<T extends object>(o: T | undefined): Partial<T> {
  const out: Partial<T> = {};
  if (!o) return out;
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** Brand tokens win over the preset, field by field; absent fields keep the preset's value. */
export function mergeDesign(preset: Design, tokens: DesignTokens | undefined): Design {
  const t = tokens ?? {};
  const typo = t.typography ?? {};
  return {
    colors: { ...preset.colors, ...defined(t.colors) },
    typography: {
      ...preset.typography,
      ...defined({ ...typo, headingSizes: undefined, weights: undefined }),
      headingSizes: { ...preset.typography.headingSizes, ...defined(typo.headingSizes) },
      weights: { ...preset.typography.weights, ...defined(typo.weights) },
    },
    spacing: { ...preset.spacing, ...defined(t.spacing) },
    buttons: { ...preset.buttons, ...defined(t.buttons) },
  };
}

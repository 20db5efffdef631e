import { contrastRatio } from "~/domain/blueprint/color";

export type Rgb = [number, number, number];

const NAMED: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  red: "#ff0000",
  green: "#008000",
  blue: "#0000ff",
  yellow: "#ffff00",
  gray: "#808080",
  grey: "#808080",
  silver: "#c0c0c0",
  maroon: "#800000",
  navy: "#000080",
  purple: "#800080",
  teal: "#008080",
  olive: "#808000",
  orange: "#ffa500",
  lime: "#00ff00",
  aqua: "#00ffff",
  fuchsia: "#ff00ff",
  darkgray: "#a9a9a9",
  darkgrey: "#a9a9a9",
  lightgray: "#d3d3d3",
  lightgrey: "#d3d3d3",
  whitesmoke: "#f5f5f5",
  gold: "#ffd700",
  pink: "#ffc0cb",
};

function hex2(n: number): string {
  return Math.max(0, Math.min(255, Math.round(n)))
    .toString(16)
    .padStart(2, "0");
}

/**
 * Parses one CSS colour to #rrggbb. Translucent colours are taken as opaque (email clients
 * blend unpredictably); `transparent`, `inherit` and anything unknown give null.
 */
export function parseColor(value: string | undefined): string | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (v.startsWith("#")) {
    const h = v.slice(1);
    if (/^[0-9a-f]{3,4}$/.test(h)) return `#${h[0]}${h[0]}${h[1]}${h[1]}${h[2]}${h[2]}`;
    if (/^[0-9a-f]{6}([0-9a-f]{2})?$/.test(h)) return `#${h.slice(0, 6)}`;
    return null;
  }
  const m = /^rgba?\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)\s*(?:[,/]\s*([\d.]+%?)\s*)?\)$/.exec(v);
  if (m) {
    if (m[4] !== undefined && parseFloat(m[4]) === 0) return null;
    const ch = (s: string) => (s.endsWith("%") ? (parseFloat(s) * 255) / 100 : parseFloat(s));
    return `#${hex2(ch(m[1]))}${hex2(ch(m[2]))}${hex2(ch(m[3]))}`;
  }
  return NAMED[v] ?? null;
}

/** The colour inside a `background` shorthand, if any. */
export function backgroundColor(value: string | undefined): string | null {
  if (!value) return null;
  const direct = parseColor(value);
  if (direct) return direct;
  for (const token of value.split(/\s+(?![^(]*\))/)) {
    const c = parseColor(token);
    if (c) return c;
  }
  return null;
}

export function contrast(fg: string, bg: string): number {
  return contrastRatio(fg, bg);
}

export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Expands #rgb to #rrggbb and lower-cases; returns null for anything that is not a hex colour. */
export function normalizeHex(hex: string): string | null {
  if (!HEX_COLOR.test(hex)) return null;
  const h = hex.slice(1).toLowerCase();
  return h.length === 3 ? `#${h[0]}${h[0]}${h[1]}${h[1]}${h[2]}${h[2]}` : `#${h}`;
}

function channel(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance of a hex colour (0 = black, 1 = white). */
export function luminance(hex: string): number {
  const n = normalizeHex(hex);
  if (!n) return 0;
  const r = parseInt(n.slice(1, 3), 16);
  const g = parseInt(n.slice(3, 5), 16);
  const b = parseInt(n.slice(5, 7), 16);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio between two hex colours, 1..21. Unparseable colours count as black. */
export function contrastRatio(hexA: string, hexB: string): number {
  const a = luminance(hexA);
  const b = luminance(hexB);
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes two hex colours; `t` = 0 gives `a`, 1 gives `b`. Used to derive tints from tokens. */
export function mix(a: string, b: string, t: number): string {
  const x = normalizeHex(a) ?? "#000000";
  const y = normalizeHex(b) ?? "#000000";
  const part = (i: number) => {
    const v = Math.round(parseInt(x.slice(i, i + 2), 16) * (1 - t) + parseInt(y.slice(i, i + 2), 16) * t);
    return v.toString(16).padStart(2, "0");
  };
  return `#${part(1)}${part(3)}${part(5)}`;
}

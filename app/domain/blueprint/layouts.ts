import type { Technique } from "./schema";

/**
 * Layout families: the structure of an email (masthead, hero, alignment, how sections follow one
 * another, how items sit), independent of its colours and fonts (the style theory).
 *
 * - `announcement`: hero-led; centred masthead, edge-to-edge hero image, centred headline and call
 *   to action, a tinted closing band. Launches, sales, events.
 * - `grid`: a catalogue; compact masthead, sections with images two per row, cart items and slides
 *   as cards two per row (one per row on phones). Shops, gift guides, carts.
 * - `newsletter`: editorial; a nameplate masthead between rules, sections divided by rules with a
 *   short accent bar over each headline, images within the text column. Newsletters, digests.
 * - `letter`: plain; a narrower column on an unboxed page, small left-aligned sender line, no
 *   full-bleed imagery, left-aligned buttons. Software, surveys, onboarding, notices.
 */
export const LAYOUTS = ["announcement", "grid", "newsletter", "letter"] as const;
export type Layout = (typeof LAYOUTS)[number];
export const LAYOUT_CHOICES = ["auto", ...LAYOUTS] as const;
export type LayoutChoice = (typeof LAYOUT_CHOICES)[number];

export const LAYOUT_LABELS: Record<Layout, { name: string; blurb: string }> = {
  announcement: { name: "Announcement", blurb: "Hero-led: big image, centred headline and button" },
  grid: { name: "Product grid", blurb: "Catalogue: items and images two per row" },
  newsletter: { name: "Newsletter", blurb: "Editorial: nameplate, sections divided by rules" },
  letter: { name: "Plain letter", blurb: "A narrow, unboxed letter: software, surveys, onboarding" },
};

/** Style theories whose look asks for a big, centred hero even for a survey or an onboarding email. */
const LOUD_STYLES = new Set(["bold", "playful", "luxury"]);
/** Style theories that suit a plain letter when the email type does not decide. */
const QUIET_STYLES = new Set(["minimal", "corporate", "tech"]);

export function isLayout(v: unknown): v is Layout {
  return typeof v === "string" && (LAYOUTS as readonly string[]).includes(v);
}

/**
 * The family for an email: an explicit choice wins; else the email type decides (a newsletter is
 * a newsletter, a cart or a shop is a grid), and the style theory breaks the rest (a survey is a
 * plain letter in a quiet style and a hero-led announcement in a loud one; an editorial style
 * reads as a newsletter).
 */
export function chooseLayout(hint: {
  layout?: string | null;
  emailType?: string | null;
  style?: string | null;
  techniques?: readonly Technique[];
}): Layout {
  if (isLayout(hint.layout)) return hint.layout;
  const type = (hint.emailType ?? "").toLowerCase();
  const style = hint.style ?? "";
  const techniques = hint.techniques ?? [];
  if (/newsletter|digest|editorial|magazine|story|article|roundup/.test(type)) return "newsletter";
  if (techniques.includes("itemCart") || /cart|catalog|gift guide|shop|product|collection|ecommerce|restaurant|menu|order/.test(type)) {
    return style === "editorial" ? "newsletter" : "grid";
  }
  if (/survey|feedback|nps|poll|onboard|welcome|software|saas|account|transactional|notice|invoice|report|education|course/.test(type)) {
    return LOUD_STYLES.has(style) ? "announcement" : "letter";
  }
  if (style === "editorial") return "newsletter";
  if (!type && (techniques.includes("survey") || techniques.includes("quiz")) && QUIET_STYLES.has(style)) return "letter";
  return "announcement";
}

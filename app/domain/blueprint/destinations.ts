/**
 * Where an email's buttons and items lead. Only addresses the user gave count: the copy's own
 * `href`, a link the brief gives for that very thing, and, for a call to action, the brand
 * profile's website. No address is guessed from a label, and a button never leads to the email's
 * own hosted copy ({{VIB_URL}}): a button without a destination is left out (docs/blueprint.md
 * "Links").
 */

/** An image file: shown in the email, never a destination. */
const IMAGE_URL = /\.(?:png|jpe?g|gif|webp|avif|svg)(?:[?#]|$)/i;

/** A destination the renderer may use as is: web or mail (a copy's href is checked by CopyHrefSchema). */
const USABLE = /^(?:https?:\/\/[^\s"<>]+|mailto:[^\s"<>@]+@[^\s"<>]+)$/i;

/** How far after a label its URL may start ("Shop the guide: https://…", "Shop the guide (https://…)"). */
const LABEL_GAP = 40;

export interface DestinationSources {
  /** The prompt the brief was read from (labels are looked up in it). */
  prompt: string;
  /** The brief's links, in prompt order; image files among them are left out here. */
  links: readonly string[];
  /** Things the brief gives a link of their own (an item and the link in its piece of the prompt). */
  itemLinks?: ReadonlyArray<{ name: string; link: string }>;
  /** The brand profile's website. */
  website?: string | null;
}

export type DestinationSource = "copy" | "brief" | "website";

export interface Destination {
  url: string;
  source: DestinationSource;
}

function usable(url: string | undefined | null): string | undefined {
  const u = url?.trim();
  return u && USABLE.test(u) && u.length <= 2000 ? u : undefined;
}

export class Destinations {
  private readonly links: string[];
  private readonly itemLinks: Array<{ name: string; link: string }>;
  private readonly lowered: string;
  readonly website?: string;

  constructor(private readonly src: DestinationSources) {
    this.links = src.links.filter((u) => usable(u) && !IMAGE_URL.test(u));
    this.itemLinks = (src.itemLinks ?? []).flatMap((i) => {
      const link = usable(i.link);
      return link && !IMAGE_URL.test(link) && i.name.trim() ? [{ name: i.name.trim().toLowerCase(), link }] : [];
    });
    this.lowered = src.prompt.toLowerCase();
    this.website = /^https?:\/\//i.test(src.website ?? "") ? usable(src.website) : undefined;
  }

  /** Whether the brief or the brand profile gives this address (so a copywriter did not make it up). */
  isKnown(url: string): boolean {
    const u = url.trim();
    return this.links.includes(u) || this.itemLinks.some((i) => i.link === u) || u === this.website;
  }

  /**
   * The email's own link: the brief's first link that is not one item's own, else the website,
   * else the brief's first link after all (the brief reader may give a sentence's link to the
   * item before it). A main call to action (hero, closing, checkout) leads here when nothing names
   * its destination.
   */
  main(): Destination | undefined {
    const own = new Set(this.itemLinks.map((i) => i.link));
    const first = this.links.find((u) => !own.has(u));
    if (first) return { url: first, source: "brief" };
    if (this.website) return { url: this.website, source: "website" };
    return this.links[0] ? { url: this.links[0], source: "brief" } : undefined;
  }

  /** A call to action: its copy's href, the URL the prompt gives right after its label, the main link (for a main one), the website. */
  forCta(label: string, href: string | undefined, isMain: boolean): Destination | undefined {
    const own = usable(href);
    if (own) return { url: own, source: "copy" };
    const labelled = this.labelled(label);
    if (labelled) return { url: labelled, source: "brief" };
    if (isMain) return this.main();
    return this.website ? { url: this.website, source: "website" } : undefined;
  }

  /** An item (a slide, a tab, a menu entry): its copy's href, else the brief's link for that item by name; never the website. */
  forItem(names: Array<string | undefined>, href: string | undefined): Destination | undefined {
    const own = usable(href);
    if (own) return { url: own, source: "copy" };
    for (const raw of names) {
      const name = raw?.trim().toLowerCase();
      if (!name) continue;
      const item = this.itemLinks.find((i) => i.name === name);
      if (item) return { url: item.link, source: "brief" };
      const labelled = this.labelled(name);
      if (labelled) return { url: labelled, source: "brief" };
    }
    return undefined;
  }

  /**
   * The brief link the prompt writes right after `label` ("Shop the guide: https://…"), within one
   * sentence. indexOf over the prompt and a fixed window per hit: linear in the prompt.
   */
  private labelled(label: string): string | undefined {
    const l = label.trim().toLowerCase();
    if (l.length < 3 || this.links.length === 0) return undefined;
    for (let at = this.lowered.indexOf(l); at >= 0; at = this.lowered.indexOf(l, at + 1)) {
      const end = at + l.length;
      const window = this.src.prompt.slice(end, end + LABEL_GAP + 12);
      const start = window.search(/https?:\/\/|www\./i);
      if (start < 0 || start > LABEL_GAP || /[.!?;\n]/.test(window.slice(0, start))) continue;
      const rest = this.src.prompt.slice(end + start, end + start + 2000);
      const url = this.links.find((u) => rest.startsWith(u) || rest.startsWith(u.replace(/^https:\/\//i, "")));
      if (url) return url;
    }
    return undefined;
  }
}

/** A destination a button must never have: empty, "#", `javascript:`, or the email's own hosted copy. */
export function isDeadDestination(href: string | undefined): boolean {
  if (href === undefined) return true;
  const h = href.trim();
  return h === "" || h === "#" || /^javascript:/i.test(h) || /^\{\{\s*VIB_URL\s*\}\}/i.test(h);
}

// The AMP email as a reader first sees it, as plain HTML a sandboxed frame can show without AMP's
// runtime: the builder's AMP tab. Without the runtime an AMP document shows nothing at all (the
// boilerplate hides <body> until the runtime lifts it) and amp-img draws no image, so the snapshot
// does by hand what the runtime does before anyone touches the email: it lifts the boilerplate,
// turns amp-img into <img>, shows a carousel's first slide, an accordion's sections as they start
// (open only when `expanded`), selectors and forms as they are drawn, and bindings ([class],
// [text], [hidden]…) at their initial values, which AMP takes from the plain attribute or text.
// Nothing here runs: scripts, templates, `on` actions and form endpoints are removed.
import { parseAmp, serialize, type AmpElement, type AmpNode, type AmpRoot } from "./dom";

/** Inputs longer than this (characters) are not walked (an AMP email is at most 200 KB; this leaves room for a bad one). */
export const SNAPSHOT_MAX_CHARS = 1_000_000;
/** Elements visited at most; past it the rest of the document is left out and `truncated` is set. */
export const SNAPSHOT_MAX_ELEMENTS = 20_000;
/** Nesting kept at most; deeper content is left out (an email is a few dozen levels deep). */
export const SNAPSHOT_MAX_DEPTH = 256;

export interface AmpSnapshot {
  html: string;
  /** What the snapshot could not show as it is in the email, in words, for the page to list. */
  notes: string[];
  truncated: boolean;
}

// What AMP's runtime stylesheet gives these elements, and what stands in for the state it keeps.
const SNAPSHOT_CSS = [
  "amp-accordion,amp-carousel,amp-selector,amp-layout,amp-fit-text,amp-list,amp-state{display:block}",
  "amp-accordion>section>:first-child{cursor:default}",
  "img.kx-snap-img{max-width:100%;height:auto}",
  ".kx-snap-row{display:flex;overflow:hidden;gap:8px}",
  // An author's `display:flex` would otherwise show what AMP hides.
  "[hidden]{display:none!important}",
].join("");

/** Elements dropped with everything inside them. */
const DROP = new Set(["script", "template", "noscript", "amp-state", "amp-bind-macro"]);
/** Form children AMP shows only after a submission (or while it is in flight). */
const FORM_STATE_ATTRS = ["submit-success", "submit-error", "submitting", "verify-error"];
const FORM_CONTROLS = new Set(["input", "textarea", "select"]);
/** Attributes that only mean something to the runtime. */
const RUNTIME_ATTRS = new Set([
  "on",
  "action-xhr",
  "verify-xhr",
  "custom-validation-reporting",
  "animate",
  "layout",
  "sizes",
  "heights",
  "noloading",
  "autoplay",
  "delay",
  "loop",
  "controls",
  "keyboard-select-mode",
  "type",
  "slide",
  "expand-single-section",
  "disable-session-states",
  "amp-boilerplate",
  "amp-custom",
  "⚡4email",
  "amp4email",
  "data-css-strict",
]);

const isBinding = (attr: string) => attr.startsWith("[") && attr.endsWith("]");

function isEl(node: AmpNode): node is AmpElement {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

function elementKids(el: AmpElement): AmpElement[] {
  return el.children.filter(isEl);
}

function setHidden(el: AmpElement) {
  el.attribs.hidden = "";
}

/** amp-img / amp-anim → <img> with the attributes a reader's client would get. */
function toImg(el: AmpElement) {
  const a = el.attribs;
  const keep: Record<string, string> = {};
  for (const k of ["src", "srcset", "width", "height", "alt", "title", "class", "id", "style"]) if (a[k] !== undefined) keep[k] = a[k];
  keep.class = keep.class ? `${keep.class} kx-snap-img` : "kx-snap-img";
  if (keep.alt === undefined) keep.alt = "";
  el.name = "img";
  el.attribs = keep;
  // A fallback/placeholder child is for when the image fails; <img> cannot hold children.
  el.children = [];
}

function runtimeAttrFilter(el: AmpElement) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(el.attribs)) {
    // `type` means something on buttons, inputs and lists; only AMP's components use it for themselves.
    const plainType = k === "type" && !el.name.startsWith("amp-");
    const mediaControls = k === "controls" && (el.name === "video" || el.name === "audio");
    if (!plainType && !mediaControls && (isBinding(k) || RUNTIME_ATTRS.has(k) || /^on[a-z]/.test(k))) continue;
    out[k] = v;
  }
  el.attribs = out;
}

function carouselFirstSlide(el: AmpElement, notes: Set<string>) {
  const slides = elementKids(el);
  if (el.attribs.type === "carousel") {
    // A scrolling carousel shows as many items as fit: a row, cut at the frame's edge.
    el.attribs.class = el.attribs.class ? `${el.attribs.class} kx-snap-row` : "kx-snap-row";
    return;
  }
  const start = Number.parseInt(el.attribs.slide ?? "0", 10);
  const first = Number.isInteger(start) && start >= 0 && start < slides.length ? start : 0;
  slides.forEach((s, i) => {
    if (i !== first) setHidden(s);
  });
  if (slides.length > 1) notes.add(`Carousels show their first slide of ${slides.length}.`);
}

function accordionInitial(el: AmpElement, notes: Set<string>) {
  for (const section of elementKids(el)) {
    if (section.name !== "section") continue;
    const [, ...content] = elementKids(section);
    if (section.attribs.expanded === undefined) {
      content.forEach(setHidden);
      notes.add("Accordion sections are shown closed unless the email opens them.");
    }
  }
}

function walkLimit(root: AmpRoot, visit: (el: AmpElement) => "drop" | "keep"): boolean {
  // Depth-first with an explicit stack: a deeply nested document cannot overflow the call stack
  // here, and nothing deeper than SNAPSHOT_MAX_DEPTH is kept for the (recursive) serialiser.
  const stack: Array<{ el: AmpElement; depth: number }> = [];
  const pushKids = (nodes: AmpNode[], depth: number) => {
    for (let i = nodes.length - 1; i >= 0; i--) {
      const n = nodes[i];
      if (isEl(n)) stack.push({ el: n, depth });
    }
  };
  pushKids(root.children, 1);
  let seen = 0;
  let truncated = false;
  while (stack.length) {
    const { el, depth } = stack.pop()!;
    if (++seen > SNAPSHOT_MAX_ELEMENTS) {
      // Leave out what was not visited rather than show it unconverted.
      detachNode(el);
      for (const rest of stack) detachNode(rest.el);
      return true;
    }
    if (depth > SNAPSHOT_MAX_DEPTH) {
      el.children = [];
      truncated = true;
    }
    if (visit(el) === "drop") {
      detachNode(el);
      continue;
    }
    pushKids(el.children, depth + 1);
  }
  return truncated;
}

function detachNode(node: AmpNode) {
  const p = node.parent;
  if (!p) return;
  const i = p.children.indexOf(node);
  if (i >= 0) p.children.splice(i, 1);
  node.parent = null;
}

function findFirst(root: AmpRoot, name: string): AmpElement | null {
  const stack: AmpNode[] = [...root.children];
  let budget = 200; // <html>, <head> and <body> are near the top
  while (stack.length && budget-- > 0) {
    const n = stack.shift()!;
    if (isEl(n)) {
      if (n.name === name) return n;
      stack.push(...n.children);
    }
  }
  return null;
}

const EMPTY_DOC = (message: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body style="font:15px/1.5 system-ui,sans-serif;color:#444;padding:24px"><p>${message}</p></body></html>`;

/**
 * A static snapshot of an AMP email in its first state, for a sandboxed `<iframe srcdoc>`. Pure
 * and bounded: inputs over SNAPSHOT_MAX_CHARS are not parsed, and at most SNAPSHOT_MAX_ELEMENTS
 * elements are walked.
 */
export function ampSnapshot(ampHtml: string): AmpSnapshot {
  if (ampHtml.length > SNAPSHOT_MAX_CHARS) {
    return { html: EMPTY_DOC("This AMP document is too large to preview."), notes: [], truncated: true };
  }
  const { root } = parseAmp(ampHtml);
  const notes = new Set<string>();
  const truncated = walkLimit(root, (el) => {
    if (DROP.has(el.name)) return "drop";
    if (el.name === "style" && Object.keys(el.attribs).some((k) => k.endsWith("boilerplate"))) return "drop";
    if (el.name === "link" && el.attribs.rel?.toLowerCase().includes("preload")) return "drop";
    if (FORM_STATE_ATTRS.some((a) => el.attribs[a] !== undefined)) return "drop";
    // An AMP component's placeholder/fallback child stands in while it loads or when it fails.
    const inComponent = el.parent !== null && el.parent.type !== "root" && el.parent.name.startsWith("amp-");
    if (inComponent && !FORM_CONTROLS.has(el.name) && (el.attribs.placeholder !== undefined || el.attribs.fallback !== undefined))
      return "drop";
    switch (el.name) {
      case "amp-img":
      case "amp-anim":
        toImg(el);
        return "keep";
      case "amp-carousel":
        carouselFirstSlide(el, notes);
        break;
      case "amp-accordion":
        accordionInitial(el, notes);
        break;
      case "amp-selector":
        notes.add("Choices show what is selected at first.");
        break;
      case "amp-list":
        notes.add("Content loaded when the email opens (amp-list) is not shown.");
        return "drop";
      case "form":
        notes.add("Forms are shown but cannot be sent from the preview.");
        break;
    }
    runtimeAttrFilter(el);
    return "keep";
  });

  const head = findFirst(root, "head");
  if (head) {
    const style: AmpElement = {
      type: "style",
      name: "style",
      attribs: { "data-kx-snapshot": "" },
      children: [],
      parent: head,
      startIndex: null,
      endIndex: null,
    };
    style.children.push({ type: "text", data: SNAPSHOT_CSS, parent: style, startIndex: null, endIndex: null });
    head.children.push(style);
  }
  return { html: serialize(root), notes: [...notes], truncated };
}

import { parseInlineStyle } from "~/domain/html/css";
import { classList } from "~/domain/html/dom";
import { attributesWithIssues, featureTable, type FeatureSupport, declarationKeys, styleFeatures } from "../caniemail-table";
import { computedStyles } from "../computed";
import { type CheckTable, examples, fail, pass } from "./types";

const IMAGE_EXT = /\.([a-z0-9]{2,5})(?:[?#]|$)/i;

export const compatChecks: CheckTable = {
  /**
   * Base styles (inline, and <style> rules outside @media and the interactive rules) and
   * visible elements must work in Gmail, Apple Mail and Outlook.com. Media queries, pseudo-
   * classes, at-rules and the hidden interactive block are progressive enhancement by design:
   * they are listed, never failed.
   */
  caniemail: ({ doc }) => {
    const failing = new Set<string>();
    const partial = new Set<string>();
    const note = (s: FeatureSupport, blocking: boolean) => {
      if (blocking && s.unsupported.length) failing.add(`${s.title} (${s.unsupported.join(", ")})`);
      else partial.add(s.title);
    };
    const consider = (key: string, blocking: boolean) => {
      const s = featureTable().get(key);
      if (s) note(s, blocking);
    };
    const computed = computedStyles(doc);
    const visibleClasses = new Set<string>();
    const attributes = attributesWithIssues();
    for (const el of doc.elements) {
      const c = computed.get(el);
      if (!c || c.hidden || c.interactive) continue;
      if (el.attribs.class) for (const cl of classList(el)) visibleClasses.add(cl);
      consider(`el:${el.name}`, true);
      for (const name in el.attribs) if (attributes.has(name)) consider(`attr:${name}`, true);
      if (el.name === "input") consider(`input:${(el.attribs.type ?? "text").toLowerCase()}`, true);
      if (el.name === "img") {
        const ext = IMAGE_EXT.exec(el.attribs.src ?? "")?.[1]?.toLowerCase();
        if (ext) consider(`img:${ext === "jpeg" ? "jpg" : ext}`, true);
      }
      const style = el.attribs.style;
      if (style) for (const s of styleFeatures(style, parseInlineStyle(style))) note(s, true);
    }
    for (const rule of doc.rules) {
      // Rules styling only the interactive block, or using pseudos, matter only where it shows.
      const base =
        !rule.interactive &&
        rule.atRules.length === 0 &&
        rule.pseudos.length === 0 &&
        (rule.subjectClasses.length === 0 || rule.subjectClasses.some((c) => visibleClasses.has(c)));
      for (const d of rule.declarations) for (const k of declarationKeys(d.property, d.value)) consider(k, base);
      for (const p of rule.pseudos) consider(`pseudo:${p}`, false);
    }
    for (const at of doc.atRules) consider(`at:${at.name}`, false);
    if (failing.size) return fail(`Unsupported in major clients: ${examples([...failing], 4)}`);
    return pass(
      partial.size ? `No blocking features; partial or enhancement-only: ${examples([...partial], 5)}` : "No unsupported features",
    );
  },
};

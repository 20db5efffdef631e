import type { CssRule } from "~/domain/html/css";
import { parseStylesheet } from "~/domain/html/css";
import { type DomElement, append, element, fragment, isElement } from "~/domain/html/dom";
import type { EmailDoc } from "~/domain/html/parse";
import type { ParsedAutofixContext } from "./context";

export interface FixState {
  doc: EmailDoc;
  context: ParsedAutofixContext;
  fixes: string[];
  warnings: string[];
  /** Rules this run added to <style>, so later fixes see them without a re-parse. */
  addedRules: CssRule[];
}

export function allRules(state: FixState): CssRule[] {
  return state.addedRules.length ? [...state.doc.rules, ...state.addedRules] : state.doc.rules;
}

/** Appends CSS to the last <style> in <head> (creating one), for rules that must not be inlined. */
export function addCss(state: FixState, css: string): void {
  const head = state.doc.head;
  if (!head) return;
  let style = [...head.children].reverse().find((c): c is DomElement => isElement(c) && c.name === "style");
  if (!style) {
    style = element('<style type="text/css"></style>');
    append(head, [style]);
  }
  const textNode = style.children.find((c) => c.type === "text");
  if (textNode && textNode.type === "text") textNode.data = `${textNode.data}\n${css}`;
  else
    append(
      style,
      fragment(`<style>${css}</style>`).flatMap((n) => (isElement(n) ? [...n.children] : [])),
    );
  state.addedRules.push(...parseStylesheet(css).rules);
}

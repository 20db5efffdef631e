import type { Module } from "../blueprint/schema";
import type { Phrases } from "../copy/phrases";
import type { Theme } from "../render/theme";

export interface ModuleContext {
  /** Namespace every id, input name and class of the module starts with (docs/email-markup.md). */
  ns: string;
  theme: Theme;
  /** The email's language tag (prices are written its way). */
  lang: string;
  /** Controls, labels and notes in the email's language. */
  phrases: Phrases;
}

/** One technique: its interactive block, its static fallback with the same content, and its <style> rules. */
export interface TechniqueRenderer<M extends Module> {
  technique: M["technique"];
  renderInteractive(module: M, ctx: ModuleContext): string;
  renderFallback(module: M, ctx: ModuleContext): string;
  css(module: M, ctx: ModuleContext): string;
}

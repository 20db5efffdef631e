import type { Module } from "../blueprint/schema";
import type { Theme } from "../render/theme";

export interface ModuleContext {
  /** Namespace every id, input name and class of the module starts with (docs/email-markup.md). */
  ns: string;
  theme: Theme;
}

/** One technique: its interactive block, its static fallback with the same content, and its <style> rules. */
export interface TechniqueRenderer<M extends Module> {
  technique: M["technique"];
  renderInteractive(module: M, ctx: ModuleContext): string;
  renderFallback(module: M, ctx: ModuleContext): string;
  css(module: M, ctx: ModuleContext): string;
}

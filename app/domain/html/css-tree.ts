import type * as CssTree from "css-tree";

let loaded: typeof CssTree | undefined;

/**
 * css-tree, loaded at the first stylesheet read rather than when the server starts: it is a
 * tenth of the server's start-up CPU (docs/operations.md, "Start-up time").
 */
export function cssTree(): typeof CssTree {
  loaded ??= require("css-tree") as typeof CssTree;
  return loaded;
}

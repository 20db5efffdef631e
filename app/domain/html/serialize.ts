import render from "dom-serializer";
import type { DomDocument } from "./dom";

/** Minimal escaping (only &, <, >, ") so parse → serialise → parse is a fixed point; empty attributes keep ="" (alt=""). */
export function serializeDocument(document: DomDocument): string {
  return render(document, { encodeEntities: "utf8", emptyAttrs: true });
}

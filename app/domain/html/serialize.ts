import render from "dom-serializer";
import type { DomDocument } from "./dom";

/** Minimal escaping (only &, <, >, ") so that parse → serialise → parse is a fixed point. */
export function serializeDocument(document: DomDocument): string {
  return render(document, { encodeEntities: "utf8", decodeEntities: true });
}

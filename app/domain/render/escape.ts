const TEXT_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for element content and for double-quoted attribute values alike. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c] ?? c);
}

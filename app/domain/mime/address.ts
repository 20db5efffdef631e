/** The bare address of `"Name" <a@b>` or `a@b`, for SMTP envelopes and APIs that want one. */
export function bareAddress(value: string): string {
  const open = value.lastIndexOf("<");
  const close = value.lastIndexOf(">");
  if (open >= 0 && close > open) return value.slice(open + 1, close).trim();
  return value.trim();
}

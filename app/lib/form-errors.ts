import type { z } from "zod";

/** Zod issues as one message per field (the first), keyed like the form's field names (`email`, `brand.colors.primary`). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}

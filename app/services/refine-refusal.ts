import { failure, type ServiceFailure } from "./result";

export type NotApplied = Array<{ instruction: string; reason: string }>;

/**
 * A refine refused as a whole (docs/refine.md, all or nothing): nothing was changed or charged,
 * and each instruction that could not be applied is named, in the message and in `notApplied`.
 * The builder's refine and POST /api/generate-email answer it the same way.
 */
export function refineRefused(notApplied: NotApplied): ServiceFailure {
  const list = notApplied.map((n) => n.reason).join("; ");
  return failure(422, `Nothing was changed and no credit was used: ${list}.`, { code: "not-understood", extra: { notApplied } });
}

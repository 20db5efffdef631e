// The admin pages' forms and query strings, validated with zod on the server (the same shapes
// the components render). A query parameter that does not parse is ignored, not an error: a
// stale or hand-edited link still shows the page. Closed sets a page offers (its filter options)
// are passed in as data, so the shapes stay here and the words stay with the page.
import { z } from "zod";
import { MANUAL_SUPPRESSION_REASONS } from "~/domain/deliverability";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const email = z
  .string({ required_error: "Enter an email address" })
  .trim()
  .min(1, "Enter an email address")
  .max(254, "An email address has at most 254 characters")
  .email("Enter a valid email address, like name@example.com")
  .transform((v) => v.toLowerCase());

/** A YYYY-MM-DD date (an `<input type="date">`) as the start of that UTC day; blank means none. */
const optionalDay = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    const d = new Date(`${v}T00:00:00Z`);
    if (!DATE.test(v) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "Enter the date as YYYY-MM-DD" });
      return z.NEVER;
    }
    return d;
  });

export const SuppressFormSchema = z.object({
  intent: z.literal("suppress"),
  email,
  reason: z.enum(MANUAL_SUPPRESSION_REASONS, { errorMap: () => ({ message: "Choose a reason" }) }),
  until: optionalDay,
});

/** Where a lift may send the admin back to: a deliverability page of this app. */
const RETURN_TO = /^\/admin\/deliverability(\/(suppressions|events|alerts|recipient))?(\?[^#\s]*)?$/;
export const DEFAULT_LIFT_RETURN = "/admin/deliverability/suppressions";

export const returnToSchema = z
  .string()
  .optional()
  .transform((v) => (v && RETURN_TO.test(v) ? v : DEFAULT_LIFT_RETURN));

export const LiftFormSchema = z.object({
  intent: z.literal("lift"),
  email,
  confirm: z.literal("yes", { errorMap: () => ({ message: "Confirm that you want to lift this suppression" }) }),
  returnTo: returnToSchema,
});

export const AckFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("ack"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("ack-all"), through: z.coerce.number().int().positive() }),
]);

/** `?page=` as a positive integer, 1 when absent or not a number. */
export const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);

/** An optional query value from a closed set; anything else means "all". */
export function optionalEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).optional().catch(undefined);
}

/** Admin → Feedback: `?rating=` (one of `ratingFilters`), `?rag=yes|no`, `?page=`. */
export function feedbackQuerySchema<const T extends readonly [string, ...string[]]>(ratingFilters: T) {
  return z.object({
    rating: optionalEnum(ratingFilters),
    rag: optionalEnum(["yes", "no"]),
    page: pageParam,
  });
}

/** Admin → Deliverability → Delivery events: `?q=`, `?type=` (one of `eventTypes`), `?page=`. */
export function deliveryEventsQuerySchema(eventTypes: [string, ...string[]]) {
  return z.object({
    q: z.string().trim().max(254).optional().catch(undefined),
    type: optionalEnum(eventTypes),
    page: pageParam,
  });
}

/** Admin → Deliverability → Suppressions: `?q=`, `?reason=` (one of `reasons`), `?duration=`, `?page=`, `?lifted=`. */
export function suppressionsQuerySchema<const T extends readonly [string, ...string[]]>(reasons: T) {
  return z.object({
    q: z.string().trim().max(254).optional().catch(undefined),
    reason: optionalEnum(reasons),
    duration: optionalEnum(["permanent", "timed"]),
    page: pageParam,
    lifted: z.string().max(254).optional().catch(undefined),
  });
}

/** Admin → Deliverability → one recipient: `?email=`, `?lifted=`. */
export const RecipientQuerySchema = z.object({
  email: z.string().trim().max(254).optional().catch(undefined),
  lifted: z.string().max(254).optional().catch(undefined),
});

/** The recipient page shows details only for a string that is an email address. */
export const RecipientEmailSchema = z.string().email();

/** Admin → Deliverability → lift: `?email=`, `?returnTo=`. */
export const LiftQuerySchema = z.object({
  email: z.string().trim().toLowerCase().email().max(254).optional().catch(undefined),
  returnTo: returnToSchema,
});

/** A link back to `returnTo` that says what happened (`lifted=` / `suppressed=`). */
export function withOutcome(returnTo: string, key: "lifted" | "suppressed", value: string): string {
  const [path, query = ""] = returnTo.split("?");
  const params = new URLSearchParams(query);
  params.delete("lifted");
  params.delete("suppressed");
  params.set(key, value);
  return `${path}?${params.toString()}`;
}

// Sending: the body of POST /api/send-email-esp, the query of GET /api/admin/sends and the builder's
// test-send form.
import { z } from "zod";

const optionalText = (max: number) => z.string().max(max).nullish();

// RFC 5321 §4.5.3.1: a local part holds at most 64 octets, a whole address at most 254.
const MAX_LOCAL_PART = 64;
const MAX_ADDRESS = 254;

/** Idempotency-Key: 1–255 visible ASCII characters (a UUID is a good one). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

// Unknown keys (a client-supplied `from`, `sender`, `replyTo`, …) are stripped: the sender is
// always the authenticated user (docs/api.md "Authentication").
/** POST /api/send-email-esp. */
export const SendEmailBodySchema = z
  .object({
    to: z
      .string({ invalid_type_error: "to must be one email address" })
      .trim()
      .min(1)
      .max(MAX_ADDRESS, `to must be at most ${MAX_ADDRESS} characters`)
      .email("to must be one email address")
      .refine(
        (to) => to.slice(0, to.lastIndexOf("@")).length <= MAX_LOCAL_PART,
        `the part of to before @ must be at most ${MAX_LOCAL_PART} characters`,
      ),
    subject: optionalText(998),
    html: z.string().refine((s) => s.trim() !== "", "html is required"),
    ampHtml: z.string().nullish(),
    emailName: optionalText(500),
    projectId: optionalText(200),
    databaseId: optionalText(200),
  })
  .strip();

/** GET /api/admin/sends?limit= */
export const AdminSendsLimitSchema = z.coerce.number().int().min(1).max(500).default(50);

/** The builder's test send: one address. */
export const TestSendSchema = z.object({
  to: z
    .string()
    .trim()
    .min(1, "Enter an address.")
    .max(254, "That address is too long.")
    .email("Enter one email address, like name@example.com."),
});

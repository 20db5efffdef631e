import { z } from "zod";
import { mailgunSignatureSchema } from "./signatures";

export const EVENT_KINDS = ["delivered", "failed", "complained", "opened", "clicked", "unsubscribed"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** One provider event in the shape the webhook service handles (SPEC.md "Events"). */
export interface NormalizedEvent {
  /** Provider-unique id, the de-duplication key. */
  eventId: string;
  kind: EventKind;
  /** Only for `failed`. */
  severity?: "permanent" | "temporary";
  recipient: string;
  providerMessageId?: string;
  /** Our send id, echoed back by the provider (Mailgun `v:send_id`, Resend tag `send_id`). */
  sendId?: string;
  occurredAt: Date;
  reason?: string;
  /** The clicked link, for `clicked`. */
  url?: string;
}

export type NormalizeResult =
  | { ok: true; ignored: false; event: NormalizedEvent }
  | { ok: true; ignored: true; type: string }
  | { ok: false; error: string };

function zodError(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
}

/** No provider event predates this; an earlier time (0, -1, …) is a malformed payload. */
export const EARLIEST_EVENT_TIME = Date.UTC(2000, 0, 1);

export interface NormalizeOptions {
  /** With `now`, an event time more than `maxFutureSec` ahead of it is malformed too. */
  now?: Date;
  /** Clock skew allowed for event times (default 300 s, the signature window's default). */
  maxFutureSec?: number;
}

/**
 * The event's time, or why it is not a plausible one: finite, a valid date, not before 2000 and
 * not further ahead of `now` than the allowed skew (1e300, -1 or milliseconds sent as seconds
 * are malformed payloads, answered 400, never stored).
 */
function eventTime(ms: number, path: string, opts: NormalizeOptions): { ok: true; date: Date } | { ok: false; error: string } {
  const date = new Date(ms);
  if (!Number.isFinite(ms) || Number.isNaN(date.getTime())) return { ok: false, error: `${path}: not a valid time` };
  if (ms < EARLIEST_EVENT_TIME) return { ok: false, error: `${path}: before 2000-01-01` };
  if (opts.now && ms > opts.now.getTime() + (opts.maxFutureSec ?? 300) * 1000) return { ok: false, error: `${path}: in the future` };
  return { ok: true, date };
}

// ---------------------------------------------------------------- Mailgun

export const mailgunEventDataSchema = z
  .object({
    id: z.string().min(1),
    event: z.string().min(1),
    timestamp: z.number(),
    recipient: z.string().min(1),
    severity: z.enum(["permanent", "temporary"]).optional(),
    reason: z.string().optional(),
    url: z.string().optional(),
    message: z.object({ headers: z.object({ "message-id": z.string().optional() }).passthrough().optional() }).passthrough().optional(),
    "user-variables": z.record(z.unknown()).optional(),
    "delivery-status": z
      .object({ message: z.string().optional(), description: z.string().optional(), code: z.union([z.number(), z.string()]).optional() })
      .passthrough()
      .optional(),
  })
  .passthrough();

/** A Mailgun webhook body: `{ signature, "event-data" }`. */
export const mailgunWebhookSchema = z.object({
  signature: mailgunSignatureSchema,
  "event-data": mailgunEventDataSchema,
});
export type MailgunWebhook = z.infer<typeof mailgunWebhookSchema>;

// Read first to learn the event's type: other types are ignored whatever else they carry.
const mailgunHeadSchema = z.object({ "event-data": z.object({ event: z.string() }).passthrough() });

const MAILGUN_KINDS: Record<string, EventKind> = {
  delivered: "delivered",
  failed: "failed",
  complained: "complained",
  opened: "opened",
  clicked: "clicked",
  unsubscribed: "unsubscribed",
};

/**
 * Mailgun body → normalised event. Both failure kinds arrive as `failed`; `severity` tells them
 * apart (a `failed` without it is malformed). Other events (`accepted`, `stored`, …) are ignored.
 */
export function normalizeMailgun(payload: unknown, opts: NormalizeOptions = {}): NormalizeResult {
  const head = mailgunHeadSchema.safeParse(payload);
  if (!head.success) return { ok: false, error: zodError(head.error) };
  const type = head.data["event-data"].event;
  const kind = MAILGUN_KINDS[type];
  if (!kind) return { ok: true, ignored: true, type };
  const parsed = mailgunWebhookSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, error: zodError(parsed.error) };
  const e = parsed.data["event-data"];
  if (kind === "failed" && !e.severity) return { ok: false, error: "event-data.severity: required for failed events" };
  const occurredAt = eventTime(Math.round(e.timestamp * 1000), "event-data.timestamp", opts);
  if (!occurredAt.ok) return occurredAt;
  const sendId = e["user-variables"]?.send_id;
  const status = e["delivery-status"];
  const reason = status?.message || status?.description || e.reason;
  return {
    ok: true,
    ignored: false,
    event: {
      eventId: e.id,
      kind,
      ...(kind === "failed" ? { severity: e.severity } : {}),
      recipient: e.recipient,
      ...(e.message?.headers?.["message-id"] ? { providerMessageId: e.message.headers["message-id"] } : {}),
      ...(typeof sendId === "string" && sendId ? { sendId } : {}),
      occurredAt: occurredAt.date,
      ...(reason ? { reason } : {}),
      ...(kind === "clicked" && e.url ? { url: e.url } : {}),
    },
  };
}

// ---------------------------------------------------------------- Resend

const resendTagsSchema = z.union([
  z.record(z.string()),
  z.array(z.object({ name: z.string(), value: z.string() })),
]);

export const resendEmailDataSchema = z
  .object({
    email_id: z.string().min(1),
    created_at: z.string().optional(),
    from: z.string().optional(),
    to: z.union([z.array(z.string().min(1)).min(1), z.string().min(1)]),
    subject: z.string().optional(),
    tags: resendTagsSchema.optional(),
    bounce: z.object({ type: z.string().optional(), subType: z.string().optional(), message: z.string().optional() }).passthrough().optional(),
    click: z.object({ link: z.string().optional() }).passthrough().optional(),
  })
  .passthrough();

/** A Resend webhook body: `{ type, created_at, data }`. */
export const resendWebhookSchema = z.object({
  type: z.string().min(1),
  created_at: z.string().datetime({ offset: true }),
  data: resendEmailDataSchema,
});
export type ResendWebhook = z.infer<typeof resendWebhookSchema>;

const resendHeadSchema = z.object({ type: z.string() }).passthrough();

const RESEND_KINDS: Record<string, EventKind> = {
  "email.delivered": "delivered",
  "email.bounced": "failed",
  "email.complained": "complained",
  "email.opened": "opened",
  "email.clicked": "clicked",
};

function resendTag(tags: z.infer<typeof resendTagsSchema> | undefined, name: string): string | undefined {
  if (!tags) return undefined;
  if (Array.isArray(tags)) return tags.find((t) => t.name === name)?.value;
  return tags[name];
}

/**
 * Resend body → normalised event. Resend bodies carry no event id; the Svix message id
 * (`svix-id`, the same on every retry) is the de-duplication key. `email.bounced` with
 * `bounce.type` Permanent is a permanent failure, anything else (Transient, Undetermined) a
 * temporary one. Other types (`email.sent`, `email.delivery_delayed`, `contact.*`, …) are ignored;
 * Resend has no email-level unsubscribe event.
 */
export function normalizeResend(payload: unknown, svixId: string, opts: NormalizeOptions = {}): NormalizeResult {
  const head = resendHeadSchema.safeParse(payload);
  if (!head.success) return { ok: false, error: zodError(head.error) };
  const kind = RESEND_KINDS[head.data.type];
  if (!kind) return { ok: true, ignored: true, type: head.data.type };
  const parsed = resendWebhookSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, error: zodError(parsed.error) };
  if (!svixId) return { ok: false, error: "svix-id: required" };
  const { data, created_at } = parsed.data;
  const occurredAt = eventTime(Date.parse(created_at), "created_at", opts);
  if (!occurredAt.ok) return occurredAt;
  const recipient = Array.isArray(data.to) ? data.to[0] : data.to;
  const sendId = resendTag(data.tags, "send_id");
  const reason = data.bounce?.message || data.bounce?.subType;
  return {
    ok: true,
    ignored: false,
    event: {
      eventId: svixId,
      kind,
      ...(kind === "failed" ? { severity: data.bounce?.type?.toLowerCase() === "permanent" ? "permanent" : "temporary" } : {}),
      recipient,
      providerMessageId: data.email_id,
      ...(sendId ? { sendId } : {}),
      occurredAt: occurredAt.date,
      ...(kind === "failed" && reason ? { reason } : {}),
      ...(kind === "clicked" && data.click?.link ? { url: data.click.link } : {}),
    },
  };
}

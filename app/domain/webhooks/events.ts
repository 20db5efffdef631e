import { z } from "zod";
import { mailgunSignatureSchema } from "./signatures";

export const EVENT_KINDS = ["delivered", "failed", "complained", "opened", "clicked", "unsubscribed"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** One provider event in the shape the webhook service handles (docs/sending.md, "What events do"). */
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
  /**
   * Parts of the payload Kinetic could not read, kept exactly as received (e.g. Mailgun's
   * `user-variables` when it arrives as a string). The event still applies without them.
   */
  unread?: Record<string, unknown>;
}

export type NormalizeResult =
  { ok: true; ignored: false; event: NormalizedEvent } | { ok: true; ignored: true; type: string } | { ok: false; error: string };

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

/**
 * What a Mailgun event must carry to be applied. Everything else is optional and read only when
 * it has the expected type: Mailgun adds fields and varies shapes (`user-variables` is a string
 * when Mailgun could not load them), and a refused event is retried for 8 hours and then lost.
 */
export const mailgunEventDataSchema = z
  .object({
    id: z.string().min(1),
    event: z.string().min(1),
    timestamp: z.number(),
    recipient: z.string().min(1),
    severity: z.enum(["permanent", "temporary"]).optional(),
    reason: z.unknown().optional(),
    url: z.unknown().optional(),
    message: z.unknown().optional(),
    "user-variables": z.unknown().optional(),
    "delivery-status": z.unknown().optional(),
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A non-empty string, or undefined for anything else. */
function text(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

/**
 * Our send id from `user-variables` (`v:send_id` at send time). Mailgun documents an object;
 * it sends a string when it could not load them, and events of mail not sent through Kinetic have
 * none. Anything we cannot read the send id from is returned as `unread`, to be kept as it came.
 */
function mailgunSendId(userVariables: unknown): { sendId?: string; unread?: unknown } {
  if (userVariables === undefined) return {};
  if (!isRecord(userVariables)) return { unread: userVariables };
  const sendId = text(userVariables.send_id);
  if (sendId) return { sendId };
  return userVariables.send_id === undefined ? {} : { unread: userVariables };
}

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
  const vars = mailgunSendId(e["user-variables"]);
  const status = isRecord(e["delivery-status"]) ? e["delivery-status"] : {};
  const headers = isRecord(e.message) && isRecord(e.message.headers) ? e.message.headers : {};
  const messageId = text(headers["message-id"]);
  const reason = text(status.message) ?? text(status.description) ?? text(e.reason);
  const url = text(e.url);
  return {
    ok: true,
    ignored: false,
    event: {
      eventId: e.id,
      kind,
      ...(kind === "failed" ? { severity: e.severity } : {}),
      recipient: e.recipient,
      ...(messageId ? { providerMessageId: messageId } : {}),
      ...(vars.sendId ? { sendId: vars.sendId } : {}),
      occurredAt: occurredAt.date,
      ...(reason ? { reason } : {}),
      ...(kind === "clicked" && url ? { url } : {}),
      ...("unread" in vars ? { unread: { "user-variables": vars.unread } } : {}),
    },
  };
}

// ---------------------------------------------------------------- Resend

const resendTagsSchema = z.union([z.record(z.string()), z.array(z.object({ name: z.string(), value: z.string() }))]);

export const resendEmailDataSchema = z
  .object({
    email_id: z.string().min(1),
    created_at: z.string().optional(),
    from: z.string().optional(),
    to: z.union([z.array(z.string().min(1)).min(1), z.string().min(1)]),
    subject: z.string().optional(),
    tags: resendTagsSchema.optional(),
    bounce: z
      .object({ type: z.string().optional(), subType: z.string().optional(), message: z.string().optional() })
      .passthrough()
      .optional(),
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

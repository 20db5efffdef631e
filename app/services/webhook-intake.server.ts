// POST /api/esp-webhook: verify over the raw body, then parse, normalise, de-duplicate and apply
// (docs/api.md "Events", docs/conventions.md rule 8). Answers as soon as the event is stored; alerts are pushed
// afterwards in the background.
//
// Order of the checks, cheapest first, so an unauthenticated request costs as little as possible:
// 1. no signing secret → 500 (fails closed); Svix without its three headers → 401 — both before
//    the body is read (precheckWebhook);
// 2. the body is read up to WEBHOOK_BODY_LIMIT_BYTES → 413 above it (the route);
// 3. the signature: Svix over the raw body; Mailgun from the body's top-level `signature` member
//    alone, found without parsing the rest → 401;
// 4. only then the whole body is parsed and the event validated → 400, with implausible event
//    times (not finite, before 2000, ahead of now by more than WEBHOOK_MAX_AGE_SECONDS) as 400.
import { EventEmitter } from "node:events";
import type { AppContext } from "~/composition/app.server";
import { machineEventFor } from "~/domain/deliverability";
import {
  normalizeMailgun,
  normalizeResend,
  svixHeaders,
  verifyMailgunBody,
  verifySvix,
  type NormalizedEvent,
  type NormalizeResult,
  type VerifyError,
} from "~/domain/webhooks";
import { loadEventContext, normalizeAddress, pruneReceipts, recordReceipt } from "~/models/deliverability.server";
import { findSendIdForEvent } from "~/models/sends.server";
import { applyDeliverabilityEvent } from "./deliverability.server";
import { deliverAlertsInBackground } from "./alerts.server";
import { failure, type ServiceFailure, type ServiceResult } from "./result";

/** A delivery taken: applied, or (flagged) a duplicate or an event kind Kinetic does not track. */
export type Intake = { duplicate?: true; ignored?: true };
export type IntakeResult = ServiceResult<Intake>;

const MAILGUN_TOKEN = "mailgun-token";

// In-process fan-out for live tracking (SSE): the stream polls too, so other processes' events
// still arrive, only a little later.
const sendEvents = new EventEmitter();
sendEvents.setMaxListeners(0);

export function onSendEvent(sendId: string, listener: () => void): () => void {
  sendEvents.on(sendId, listener);
  return () => sendEvents.off(sendId, listener);
}

const taken = (value: Intake = {}): IntakeResult => ({ ok: true, value });

function verifyFailure(error: VerifyError): ServiceFailure {
  switch (error) {
    case "bad_secret":
      return failure(500, "Webhook signing secret is not usable");
    case "missing_signature":
      return failure(401, "Missing webhook signature");
    case "stale_timestamp":
      return failure(401, "Webhook timestamp outside the accepted window");
    case "invalid_signature":
      return failure(401, "Invalid webhook signature");
  }
}

// eslint-disable-next-line no-restricted-syntax -- a private parse step: the caller answers with fail()
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

let lastPrune = 0;

/** Replay receipts only matter while a signature is fresh; drop old ones now and then. */
function pruneOldReceipts(app: AppContext, now: Date): void {
  if (now.getTime() - lastPrune < 10 * 60_000) return;
  lastPrune = now.getTime();
  const cutoff = new Date(now.getTime() - 2 * app.env.WEBHOOK_MAX_AGE_SECONDS * 1000);
  pruneReceipts(app.database.db, MAILGUN_TOKEN, cutoff).catch((err: unknown) =>
    app.logger.warn({ err }, "pruning webhook receipts failed"),
  );
}

async function applyEvent(
  app: AppContext,
  provider: "mailgun" | "resend",
  event: NormalizedEvent,
  receipt: { provider: string; receiptId: string } | null,
  now: Date,
): Promise<IntakeResult> {
  const { db } = app.database;
  // Cheap pre-checks; the unique index and the receipt key decide for real inside the batch.
  const known = await loadEventContext(db, {
    provider,
    eventId: event.eventId,
    receipt,
    sendId: event.sendId ?? null,
    email: normalizeAddress(event.recipient),
  });
  if (known.duplicate) return taken({ duplicate: true });
  if (known.replayed) return failure(401, "Webhook token already used");
  const sendId =
    known.sendId ?? (event.providerMessageId ? await findSendIdForEvent(db, { providerMessageId: event.providerMessageId }) : null);
  const applied = await applyDeliverabilityEvent(
    app,
    {
      recipient: event.recipient,
      event: machineEventFor(event),
      occurredAt: event.occurredAt,
      source: `${provider}:${event.eventId}`,
      sendId,
      reason: event.reason ?? null,
      messageId: event.providerMessageId ?? null,
      receipts: receipt ? [receipt] : [],
      state: known.state,
      deliveryEvent: {
        eventId: event.eventId,
        provider,
        sendId,
        kind: event.kind,
        severity: event.severity ?? null,
        reason: event.reason ?? null,
        occurredAt: event.occurredAt,
        payload: event,
      },
    },
    now,
  );
  if (applied.outcome === "duplicate") return taken({ duplicate: true });
  if (applied.outcome === "replay") return failure(401, "Webhook token already used");
  if (sendId) sendEvents.emit(sendId);
  if (applied.alerts.length) deliverAlertsInBackground(app);
  return taken();
}

function invalidPayload(result: Extract<NormalizeResult, { ok: false }>): ServiceFailure {
  return failure(400, "Invalid webhook payload", { details: result.error });
}

async function mailgun(app: AppContext, rawBody: string, secret: string, now: Date): Promise<IntakeResult> {
  // Mailgun signs timestamp + token, both inside the JSON body: only that member is read before
  // the signature checks out; the event itself is parsed afterwards.
  const verified = verifyMailgunBody(rawBody, secret, { now, maxAgeSec: app.env.WEBHOOK_MAX_AGE_SECONDS });
  if (!verified.ok) return verifyFailure(verified.error);
  pruneOldReceipts(app, now);
  const parsed = parseJson(rawBody);
  if (!parsed.ok) return failure(400, "Invalid webhook payload", { details: "body is not JSON" });
  const normalized = normalizeMailgun(parsed.value, { now, maxFutureSec: app.env.WEBHOOK_MAX_AGE_SECONDS });
  if (!normalized.ok) return invalidPayload(normalized);
  const receipt = { provider: MAILGUN_TOKEN, receiptId: verified.token };
  if (normalized.ignored) {
    // An ignored event still uses up its token.
    const stored = await recordReceipt(app.database.db, receipt, now);
    return stored ? taken({ ignored: true }) : failure(401, "Webhook token already used");
  }
  return applyEvent(app, "mailgun", normalized.event, receipt, now);
}

async function svix(app: AppContext, rawBody: string, headers: Headers, secret: string, now: Date): Promise<IntakeResult> {
  const verified = verifySvix(rawBody, headers, secret, {
    now,
    toleranceSec: app.env.WEBHOOK_MAX_AGE_SECONDS,
    secretFormat: app.env.WEBHOOK_SECRET_FORMAT,
  });
  if (!verified.ok) return verifyFailure(verified.error);
  const parsed = parseJson(rawBody);
  if (!parsed.ok) return failure(400, "Invalid webhook payload", { details: "body is not JSON" });
  const normalized = normalizeResend(parsed.value, verified.id, { now, maxFutureSec: app.env.WEBHOOK_MAX_AGE_SECONDS });
  if (!normalized.ok) return invalidPayload(normalized);
  if (normalized.ignored) return taken({ ignored: true });
  // The svix-id is the event id, so a replayed request is simply a duplicate.
  return applyEvent(app, "resend", normalized.event, null, now);
}

/**
 * What can be refused before the body is read: no signing secret (500, fails closed) and, for
 * Svix, a request without the three signature headers (401). Null when the body is worth reading.
 */
export function precheckWebhook(app: AppContext, headers: Headers): ServiceFailure | null {
  if (!app.env.WEBHOOK_SIGNING_SECRET) {
    app.logger.error("WEBHOOK_SIGNING_SECRET is not set; refusing provider webhooks");
    return failure(500, "Webhook signing secret not configured");
  }
  if (app.env.WEBHOOK_SCHEME === "svix" && !svixHeaders(headers)) return verifyFailure("missing_signature");
  return null;
}

/**
 * Handles one webhook delivery; `rawBody` is the body exactly as received (the route has already
 * capped it at WEBHOOK_BODY_LIMIT_BYTES).
 */
export async function receiveWebhook(app: AppContext, rawBody: string, headers: Headers, now = new Date()): Promise<IntakeResult> {
  const refused = precheckWebhook(app, headers);
  if (refused) return refused;
  const secret = app.env.WEBHOOK_SIGNING_SECRET!;
  return app.env.WEBHOOK_SCHEME === "svix" ? svix(app, rawBody, headers, secret, now) : mailgun(app, rawBody, secret, now);
}

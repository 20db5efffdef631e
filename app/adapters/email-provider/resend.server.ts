import type { Resend } from "resend";
import type { EmailProvider, SendResult } from "./port";

export interface ResendConfig {
  apiKey: string;
  /** Default https://api.resend.com. */
  baseUrl?: string;
  timeoutMs?: number;
}

export const AMP_LEFT_OUT_NOTE = "AMP part left out: Resend cannot send text/x-amp-html";

/** Resend tag values allow ASCII letters, digits, `_` and `-` only. */
function tagValue(value: string): string {
  return value.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 256);
}

/**
 * Resend's `POST /emails` through its SDK. Resend takes no raw MIME and has no AMP field, so the
 * message goes as text + html with our headers (List-Unsubscribe, List-Unsubscribe-Post, …) and a
 * `send_id` tag that its webhooks echo back; the send id is also the idempotency key, so a retry
 * of the same send is not delivered twice.
 */
export function createResendProvider(config: ResendConfig): EmailProvider {
  // The SDK loads at the first send, not when the server starts (docs/operations.md, "Start-up time").
  let client: Promise<Resend> | undefined;
  const connect = () =>
    (client ??= import("resend").then(
      ({ Resend }) => new Resend(config.apiKey, config.baseUrl ? { baseUrl: config.baseUrl.replace(/\/+$/, "") } : undefined),
    ));
  const timeoutMs = config.timeoutMs ?? 15_000;
  return {
    name: "resend",
    async send(msg): Promise<SendResult> {
      const signal = AbortSignal.timeout(timeoutMs);
      const { data, error } = await (
        await connect()
      ).emails.send(
        {
          from: msg.from,
          ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
          to: msg.to,
          subject: msg.subject,
          html: msg.html,
          text: msg.text,
          headers: msg.headers,
          tags: [{ name: "send_id", value: tagValue(msg.sendId) }],
        },
        { idempotencyKey: msg.sendId, signal },
      );
      if (error || !data) {
        // The SDK turns an aborted fetch into a generic "unable to fetch" error.
        if (signal.aborted) return { ok: false, error: `Resend did not answer within ${timeoutMs} ms`, retryable: true };
        const status = error?.statusCode ?? null;
        const text = `Resend ${status ?? "request"} failed${error?.name ? ` (${error.name})` : ""}: ${error?.message ?? "no data"}`;
        return { ok: false, error: text, retryable: status === null || status === 429 || status >= 500 };
      }
      return { ok: true, providerId: data.id, notes: msg.ampHtml ? [AMP_LEFT_OUT_NOTE] : [] };
    },
  };
}

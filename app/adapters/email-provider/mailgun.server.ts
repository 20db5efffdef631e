import { z } from "zod";
import type { EmailProvider, SendResult } from "./port";

export interface MailgunConfig {
  apiKey: string;
  domain: string;
  /** Region host: https://api.mailgun.net (default) or https://api.eu.mailgun.net. */
  apiBase?: string;
  timeoutMs?: number;
  /** Injected in tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

const acceptedSchema = z.object({ id: z.string().min(1), message: z.string().optional() });

async function errorMessage(res: Response): Promise<string> {
  const body = await res.text().catch(() => "");
  try {
    const parsed = z.object({ message: z.string() }).safeParse(JSON.parse(body));
    if (parsed.success) return parsed.data.message;
  } catch {
    // Mailgun answers some errors (401) in plain text.
  }
  return body.trim().slice(0, 300) || res.statusText;
}

/**
 * Mailgun's raw-MIME endpoint `POST {apiBase}/v3/{domain}/messages.mime` (multipart/form-data:
 * `to`, the MIME as the `message` file part, `v:send_id` so webhooks carry our send id back as
 * `user-variables.send_id`). Basic auth `api:<key>`. The AMP part travels inside the MIME.
 */
export function createMailgunProvider(config: MailgunConfig): EmailProvider {
  const base = (config.apiBase ?? "https://api.mailgun.net").replace(/\/+$/, "");
  const endpoint = `${base}/v3/${encodeURIComponent(config.domain)}/messages.mime`;
  const authorization = `Basic ${Buffer.from(`api:${config.apiKey}`).toString("base64")}`;
  const timeoutMs = config.timeoutMs ?? 15_000;
  const doFetch = config.fetch ?? fetch;

  return {
    name: "mailgun",
    async send(msg): Promise<SendResult> {
      const form = new FormData();
      form.append("to", msg.to);
      form.append("message", new Blob([msg.raw], { type: "message/rfc822" }), "message.mime");
      form.append("v:send_id", msg.sendId);
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: "POST",
          headers: { authorization, accept: "application/json" },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const name = (err as Error).name;
        if (name === "TimeoutError" || name === "AbortError") {
          return { ok: false, error: `Mailgun did not answer within ${timeoutMs} ms`, retryable: true };
        }
        return { ok: false, error: `Mailgun unreachable: ${(err as Error).message}`, retryable: true };
      }
      if (!res.ok) {
        const message = await errorMessage(res);
        const what =
          res.status === 401 || res.status === 403
            ? "Mailgun rejected the API key"
            : res.status < 500
              ? "Mailgun refused the message"
              : "Mailgun failed";
        return { ok: false, error: `${what} (${res.status}): ${message}`, retryable: res.status === 429 || res.status >= 500 };
      }
      const parsed = acceptedSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) return { ok: false, error: "Mailgun accepted the request but its reply had no message id", retryable: false };
      return { ok: true, providerId: parsed.data.id, notes: parsed.data.message ? [`Mailgun: ${parsed.data.message}`] : [] };
    },
  };
}

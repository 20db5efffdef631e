import type * as Nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { bareAddress } from "~/domain/mime/address";
import type { EmailProvider, SendResult } from "./port";

export interface SmtpConfig {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  url: string;
  /** false only for a relay with a self-signed certificate. Default true. */
  tlsRejectUnauthorized?: boolean;
  maxConnections?: number;
  /** Connection, greeting and socket timeout. Default 15 s. */
  timeoutMs?: number;
  /** Signs every message (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY): the relay sends it as signed. */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

export type SmtpConfigResult = { ok: true; options: SMTPPool.Options & { pool: true } } | { ok: false; error: string };

/**
 * nodemailer's default list (RFC 4871 §5.5) plus List-Unsubscribe-Post: RFC 8058 §4 wants both
 * List-Unsubscribe headers under the signature, and mailbox providers ignore an unsigned one-click.
 */
export const DKIM_SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:" +
  "Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:" +
  "In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:" +
  "List-Owner:List-Archive";

/** Turns the SMTP_URL into nodemailer options; user and password may be percent-encoded. */
export function smtpTransportOptions(config: SmtpConfig): SmtpConfigResult {
  let url: URL;
  try {
    url = new URL(config.url);
  } catch {
    return { ok: false, error: "SMTP_URL is not a URL" };
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return { ok: false, error: "SMTP_URL must start with smtp:// or smtps://" };
  if (!url.hostname) return { ok: false, error: "SMTP_URL has no host" };
  const secure = url.protocol === "smtps:";
  const timeout = config.timeoutMs ?? 15_000;
  const user = decodeURIComponent(url.username);
  return {
    ok: true,
    options: {
      pool: true,
      maxConnections: config.maxConnections ?? 3,
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
      tls: { rejectUnauthorized: config.tlsRejectUnauthorized ?? true },
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      // nodemailer signs the raw message too (relaxed/relaxed, rsa-sha256).
      ...(config.dkim ? { dkim: { ...config.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
    },
  };
}

/** The Message-ID header of a raw message (the id a relay's logs and bounces refer to). */
export function messageIdOf(raw: string): string | undefined {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === "message-id") return line.slice(colon + 1).trim();
  }
  return undefined;
}

const RETRYABLE_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ECONNRESET", "ECONNREFUSED", "ETLS"]);

function mapError(err: unknown): SendResult {
  const e = err as { code?: string; responseCode?: number; response?: string; message?: string };
  if (typeof e.responseCode === "number") {
    return {
      ok: false,
      error: `SMTP server replied ${e.responseCode}: ${(e.response ?? e.message ?? "").trim()}`,
      retryable: e.responseCode >= 400 && e.responseCode < 500,
    };
  }
  // A certificate the relay will keep presenting is a configuration problem, not a blip.
  if (/certificate|self[- ]signed|unable to verify/i.test(e.message ?? "")) {
    return { ok: false, error: `SMTP TLS failed: ${e.message}`, retryable: false };
  }
  if (e.code === "EAUTH") return { ok: false, error: `SMTP authentication failed: ${e.message ?? ""}`.trim(), retryable: false };
  return { ok: false, error: `SMTP ${e.code ?? "error"}: ${e.message ?? String(err)}`, retryable: RETRYABLE_CODES.has(e.code ?? "") };
}

/**
 * Any SMTP relay, through a pooled nodemailer transport. The prebuilt MIME goes out unchanged
 * (`raw`), with the envelope given explicitly so display names never reach MAIL FROM / RCPT TO.
 */
export function createSmtpProvider(config: SmtpConfig): { ok: true; provider: EmailProvider } | { ok: false; error: string } {
  const opts = smtpTransportOptions(config);
  if (!opts.ok) return opts;
  // nodemailer loads at the first send, not when the server starts (docs/operations.md, "Start-up time").
  let transport: Promise<ReturnType<typeof Nodemailer.createTransport<SMTPPool.SentMessageInfo>>> | undefined;
  const connect = () => (transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(opts.options)));
  const target = `${opts.options.host}:${opts.options.port}`;
  const provider: EmailProvider = {
    name: "smtp",
    async send(msg) {
      try {
        const info = await (
          await connect()
        ).sendMail({
          envelope: { from: bareAddress(msg.from), to: [bareAddress(msg.to)] },
          raw: msg.raw,
        });
        if (info.rejected.length > 0) {
          return { ok: false, error: `SMTP server rejected ${info.rejected.join(", ")}`, retryable: false };
        }
        return { ok: true, providerId: messageIdOf(msg.raw) ?? `smtp-${msg.sendId}`, notes: [`Accepted by ${target}: ${info.response}`] };
      } catch (err) {
        return mapError(err);
      }
    },
    async close() {
      (await transport)?.close();
    },
  };
  return { ok: true, provider };
}

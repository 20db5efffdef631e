import { z } from "zod";
import { createMailgunProvider } from "./mailgun.server";
import { createOutboxProvider } from "./outbox.server";
import type { EmailProvider } from "./port";
import { createResendProvider } from "./resend.server";
import { createSmtpProvider } from "./smtp.server";

const timeoutMs = z.number().int().positive().optional();

/** Plain configuration (the composition module maps env variables onto it). */
export const emailProviderConfigSchema = z.discriminatedUnion("provider", [
  z.object({ provider: z.literal("outbox") }),
  z.object({
    provider: z.literal("smtp"),
    url: z.string().regex(/^smtps?:\/\//, "must look like smtp://user:pass@host:587"),
    tlsRejectUnauthorized: z.boolean().optional(),
    maxConnections: z.number().int().positive().optional(),
    timeoutMs,
    dkim: z.object({ domainName: z.string().min(1), keySelector: z.string().min(1), privateKey: z.string().min(1) }).optional(),
  }),
  z.object({
    provider: z.literal("mailgun"),
    apiKey: z.string().min(1),
    domain: z.string().min(1),
    apiBase: z.string().url().optional(),
    timeoutMs,
  }),
  z.object({
    provider: z.literal("resend"),
    apiKey: z.string().min(1),
    baseUrl: z.string().url().optional(),
    timeoutMs,
  }),
]);
export type EmailProviderConfig = z.input<typeof emailProviderConfigSchema>;

/** Builds the configured provider, or says what is wrong with the configuration. */
export function createEmailProvider(config: EmailProviderConfig): { ok: true; provider: EmailProvider } | { ok: false; error: string } {
  const parsed = emailProviderConfigSchema.safeParse(config);
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  }
  const c = parsed.data;
  switch (c.provider) {
    case "outbox":
      return { ok: true, provider: createOutboxProvider() };
    case "smtp":
      return createSmtpProvider(c);
    case "mailgun":
      return { ok: true, provider: createMailgunProvider(c) };
    case "resend":
      return { ok: true, provider: createResendProvider(c) };
  }
}

export { verifyMailgun, signMailgun, verifySvix, signSvix, mailgunSignatureSchema } from "./signatures";
export type { VerifyError, MailgunVerifyResult, SvixVerifyResult, HeaderSource } from "./signatures";
export {
  EVENT_KINDS,
  normalizeMailgun,
  normalizeResend,
  mailgunWebhookSchema,
  mailgunEventDataSchema,
  resendWebhookSchema,
  resendEmailDataSchema,
} from "./events";
export type { EventKind, NormalizedEvent, NormalizeResult, MailgunWebhook, ResendWebhook } from "./events";

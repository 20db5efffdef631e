export {
  verifyMailgun,
  verifyMailgunBody,
  signMailgun,
  verifySvix,
  svixHeaders,
  signSvix,
  mailgunSignatureSchema,
  MAILGUN_SIGNATURE_MAX_CHARS,
} from "./signatures";
export { findJsonMember, type JsonMemberLookup } from "./json-member";
export type { VerifyError, MailgunVerifyResult, SvixVerifyResult, HeaderSource, SvixSecretFormat } from "./signatures";
export {
  EVENT_KINDS,
  normalizeMailgun,
  normalizeResend,
  EARLIEST_EVENT_TIME,
  mailgunWebhookSchema,
  mailgunEventDataSchema,
  resendWebhookSchema,
  resendEmailDataSchema,
} from "./events";
export type { EventKind, NormalizedEvent, NormalizeResult, NormalizeOptions, MailgunWebhook, ResendWebhook } from "./events";

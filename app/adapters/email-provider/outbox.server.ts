import type { EmailProvider } from "./port";

/**
 * The embedded default: nothing leaves the machine. The sending service stores the raw MIME in
 * `email_sends`, where admins list, view and download it; this adapter only names the record.
 */
export function createOutboxProvider(): EmailProvider {
  return {
    name: "outbox",
    async send(msg) {
      return { ok: true, providerId: `outbox-${msg.sendId}`, notes: ["Kept in the outbox (EMAIL_PROVIDER=outbox); not delivered"] };
    },
  };
}

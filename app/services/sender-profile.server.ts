// The brand profile (sender identity): who a user's emails come from, what their footer says, and
// how the unsubscribe page looks. Edited on /brand; read by every send (sending.server.ts).
import type { AppContext } from "~/composition/app.server";
import { resolveSenderPlaceholders, type SenderValues } from "~/domain/mime";
import { bareAddress } from "~/domain/mime/address";
import { SenderProfileFormSchema } from "~/domain/requests/sender";
import { isPlainWebAddress } from "~/domain/sender/web-address";
import {
  allowedSenderDomains,
  disallowedFromMessage,
  isAllowedFrom,
  profileLogo,
  resolveSender,
  senderFooter,
  type DeploymentSender,
  type ResolvedSender,
  type SenderProfile,
} from "~/domain/sender/profile";
import type { Logo } from "~/domain/blueprint/schema";
import type { User } from "~/models/users.server";
import { findSenderProfile, findSenderProfileOfSend, saveSenderProfile } from "~/models/sender-profiles.server";
import { failure, type ServiceResult } from "./result";

export type { SenderProfile } from "~/domain/sender/profile";

/** A hostname that can carry mail: has a dot and is not an IP literal. */
function mailDomain(baseUrl: string): string {
  const host = new URL(baseUrl).hostname;
  const isIp = /^[\d.]+$/.test(host) || host.includes(":") || host.startsWith("[");
  return host.includes(".") && !isIp ? host : "kinetic.local";
}

/** MAIL_FROM, or "<BRAND_NAME> <no-reply@<host of BASE_URL>>", as a name and an address. */
export function deploymentSender(env: AppContext["env"]): DeploymentSender {
  const from = env.MAIL_FROM ?? `${env.BRAND_NAME} <no-reply@${mailDomain(env.BASE_URL)}>`;
  const address = bareAddress(from);
  const open = from.lastIndexOf("<");
  const name =
    open > 0
      ? from
          .slice(0, open)
          .trim()
          .replace(/^"(.*)"$/, "$1")
          .trim()
      : "";
  return { name: name || null, address: address.includes("@") ? address : `no-reply@${mailDomain(env.BASE_URL)}` };
}

export function senderDomains(env: AppContext["env"]): string[] {
  return allowedSenderDomains(env.SENDER_DOMAINS, deploymentSender(env));
}

/** The From, Reply-To and footer values of a send by `user`; a 400 that says what to do when the From may not be used. */
export async function senderForSend(app: AppContext, user: User): Promise<ServiceResult<{ sender: ResolvedSender; footer: SenderValues }>> {
  const profile = await findSenderProfile(app.database.db, user.id);
  const resolved = resolveSender(profile, deploymentSender(app.env), senderDomains(app.env));
  if (!resolved.ok) return failure(400, resolved.error, { extra: { field: "fromAddress", fix: "/brand" } });
  return { ok: true, value: { sender: resolved.sender, footer: senderFooter(profile, app.env.BRAND_NAME) } };
}

export interface BrandPageData {
  profile: SenderProfile | null;
  allowedDomains: string[];
  deploymentAddress: string;
}

export async function brandPageData(app: AppContext, user: User): Promise<BrandPageData> {
  return {
    profile: await findSenderProfile(app.database.db, user.id),
    allowedDomains: senderDomains(app.env),
    deploymentAddress: deploymentSender(app.env).address,
  };
}

export type FieldErrors = Partial<Record<keyof SenderProfile, string>>;

/** Saves the brand page's form; field errors name each field that is wrong. */
export async function saveBrandProfile(app: AppContext, user: User, form: Record<string, unknown>): Promise<ServiceResult<SenderProfile>> {
  const parsed = SenderProfileFormSchema.safeParse(form);
  const fieldErrors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof SenderProfile;
      fieldErrors[field] ??= issue.message;
    }
  }
  // The domain rule is told even when other fields are wrong, so one round trip shows every problem.
  const from = SenderProfileFormSchema.shape.fromAddress.safeParse(form.fromAddress);
  if (from.success && from.data && !isAllowedFrom(from.data, senderDomains(app.env))) {
    fieldErrors.fromAddress = disallowedFromMessage(from.data, senderDomains(app.env));
  }
  if (!parsed.success || Object.keys(fieldErrors).length) {
    return failure(400, "Some fields need changing", { extra: { fieldErrors } });
  }
  const profile: SenderProfile = parsed.data;
  await saveSenderProfile(app.database.db, user.id, profile);
  return { ok: true, value: profile };
}

export interface PublicBrand {
  name: string;
  logoUrl: string | null;
  websiteUrl: string | null;
}

/**
 * The brand a recipient-facing page (unsubscribe, thank-you) shows: that of the user who sent
 * `sendId` to `recipient`, or the deployment's name. The recipient must match, so a send id
 * pasted into another address's link shows no one else's brand.
 */
export async function brandOfSend(app: AppContext, sendId: string | null, recipient: string): Promise<PublicBrand> {
  const fallback = { name: app.env.BRAND_NAME, logoUrl: null, websiteUrl: null };
  if (!sendId || !/^[0-9a-f-]{36}$/i.test(sendId)) return fallback;
  const profile = await findSenderProfileOfSend(app.database.db, sendId, recipient);
  if (!profile) return fallback;
  // A value stored before the brand page checked addresses is left out rather than shown.
  const plain = (url: string | null) => (url && isPlainWebAddress(url) ? url : null);
  return { name: profile.senderName, logoUrl: plain(profile.logoUrl), websiteUrl: plain(profile.websiteUrl) };
}

/** The logo of `user`'s brand profile for an email's masthead, or null (docs/builder.md "Logo"). */
export async function senderLogo(app: AppContext, user: User): Promise<Logo | null> {
  return profileLogo(await findSenderProfile(app.database.db, user.id));
}

/** The user's brand website: where a call to action leads when neither the copy nor the brief names a destination. */
export async function brandWebsite(app: AppContext, user: User): Promise<string | null> {
  return (await findSenderProfile(app.database.db, user.id))?.websiteUrl ?? null;
}

/** The footer values (name, postal address, website) of `user`'s sends. */
export async function ownSenderFooter(app: AppContext, user: User): Promise<SenderValues> {
  return senderFooter(await findSenderProfile(app.database.db, user.id), app.env.BRAND_NAME);
}

/** An email as its author will see it sent: the footer's sender placeholders filled from their profile. */
export async function withOwnSenderFooter(app: AppContext, user: User, html: string): Promise<string> {
  if (!html.includes("{{SENDER_")) return html;
  return resolveSenderPlaceholders(html, await ownSenderFooter(app, user));
}

// Who an email comes from: the user's brand profile within the domains the deployment may send
// from. Pure: the service passes the stored profile and the deployment's settings in.
import { LogoSchema, type Logo } from "../blueprint/schema";

export interface SenderProfile {
  senderName: string;
  /** null: the deployment's own address (MAIL_FROM), under the brand's name. */
  fromAddress: string | null;
  replyTo: string | null;
  postalAddress: string | null;
  logoUrl: string | null;
  websiteUrl: string | null;
}

export interface DeploymentSender {
  /** The deployment's From, e.g. `Kinetic <no-reply@mail.example.com>`, split. */
  name: string | null;
  address: string;
}

export interface ResolvedSender {
  from: { name: string; address: string } | string;
  /** The domain of the From address: Message-IDs and the unsubscribe mailbox live there. */
  domain: string;
  replyTo?: string;
}

export function domainOf(address: string): string {
  return address
    .slice(address.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
}

/**
 * The domains a profile's From address may use: SENDER_DOMAINS (comma- or space-separated),
 * or else only the domain of the deployment's own address. A provider signs and accepts mail
 * only for domains verified with it, so a From elsewhere would fail SPF/DKIM/DMARC or be refused.
 */
export function allowedSenderDomains(setting: string | undefined, deployment: DeploymentSender): string[] {
  const listed = (setting ?? "")
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase().replace(/^@/, "").replace(/\.$/, ""))
    .filter(Boolean);
  return listed.length ? [...new Set(listed)] : [domainOf(deployment.address)];
}

export function isAllowedFrom(address: string, allowed: readonly string[]): boolean {
  return allowed.includes(domainOf(address));
}

/** What to tell a user whose From address is on a domain the deployment may not send from. */
export function disallowedFromMessage(address: string, allowed: readonly string[]): string {
  const list = allowed.join(", ");
  return (
    `The From address ${address} is on ${domainOf(address)}, which this deployment may not send from ` +
    `(allowed: ${list}). Use an address on ${allowed.length > 1 ? "one of those domains" : list} on your brand page, ` +
    `or leave the From address empty to send from the deployment's address; ` +
    `an operator can add the domain to SENDER_DOMAINS once it is verified with the email provider.`
  );
}

export type SenderResolution = { ok: true; sender: ResolvedSender } | { ok: false; error: string };

/**
 * The From and Reply-To of a send. Without a profile: the deployment's From as configured. With
 * one: the brand's name on the profile's From address (or on the deployment's address when the
 * profile has none) and the profile's Reply-To. A From outside the allowed domains is refused,
 * never silently replaced: the user chose that address and must know it is not used.
 */
export function resolveSender(profile: SenderProfile | null, deployment: DeploymentSender, allowed: readonly string[]): SenderResolution {
  if (!profile) {
    const from = deployment.name ? { name: deployment.name, address: deployment.address } : deployment.address;
    return { ok: true, sender: { from, domain: domainOf(deployment.address) } };
  }
  const address = profile.fromAddress ?? deployment.address;
  if (profile.fromAddress && !isAllowedFrom(profile.fromAddress, allowed))
    return { ok: false, error: disallowedFromMessage(profile.fromAddress, allowed) };
  return {
    ok: true,
    sender: {
      from: { name: profile.senderName, address },
      domain: domainOf(address),
      ...(profile.replyTo ? { replyTo: profile.replyTo } : {}),
    },
  };
}

/** The footer's sender values, HTML-escaped by the caller; a postal address keeps its lines. */
export interface SenderFooter {
  name: string;
  postalAddress: string;
  website: string;
}

export function senderFooter(profile: SenderProfile | null, fallbackName: string): SenderFooter {
  return {
    name: profile?.senderName ?? fallbackName,
    postalAddress: profile?.postalAddress ?? "",
    website: profile?.websiteUrl ?? "",
  };
}

/**
 * The masthead logo an email takes from its sender's profile when the brief gives none: the
 * profile's logo with the brand's name as its alt text (what a reader with images off sees), in
 * the box the blueprint gives a logo of unknown size (160 × 40 px; the renderer keeps the file's
 * own ratio inside it, so a 2× file stays sharp). Null without a logo the email can load (https).
 */
export function profileLogo(profile: Pick<SenderProfile, "senderName" | "logoUrl"> | null): Logo | null {
  if (!profile?.logoUrl) return null;
  const logo = LogoSchema.safeParse({ src: profile.logoUrl, alt: profile.senderName.slice(0, 300), width: 160, height: 40 });
  return logo.success ? logo.data : null;
}

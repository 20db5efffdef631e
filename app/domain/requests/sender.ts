// The brand page's form (/brand): who a user's emails come from. Blank optional fields are stored
// as null (the deployment's address, no Reply-To, no postal address, no logo, no website). The logo
// and website must be plain web addresses (app/domain/sender/web-address.ts): a page's
// Content-Security-Policy names the logo's site.
import { z } from "zod";
import { parseWebAddress, type WebAddressProblem } from "~/domain/sender/web-address";

const MAX_LOCAL_PART = 64;
const MAX_ADDRESS = 254;

// Blank or missing (conform's parseWithZod reads a blank field as missing) is "none".
const blankToNull = (v: unknown) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v);

const address = (what: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(MAX_ADDRESS, `${what} must be at most ${MAX_ADDRESS} characters.`)
      .email(`${what} must be one email address, like news@example.com (no name, no angle brackets).`)
      .refine(
        (a) => a.slice(0, a.lastIndexOf("@")).length <= MAX_LOCAL_PART,
        `The part of ${what.toLowerCase()} before @ must be at most ${MAX_LOCAL_PART} characters.`,
      )
      .nullable(),
  );

/** What each problem of a web address says (the logo's and the website's): it must parse, as http(s), with a plain host. */
export const WEB_ADDRESS_MESSAGES: Record<WebAddressProblem, (what: string) => string> = {
  "not-a-url": (what) => `${what} must be a full web address starting with https://, with no spaces.`,
  scheme: (what) => `${what} must be a full web address starting with https:// (or http://).`,
  credentials: (what) => `${what} must not carry a user name or password.`,
  host: (what) => `${what} must name its site with letters, digits, hyphens and dots only (like cdn.example.com), or an IP address.`,
};

const webAddress = (what: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(2000, `${what} must be at most 2000 characters.`)
      .superRefine((u, ctx) => {
        const parsed = parseWebAddress(u);
        if ("problem" in parsed) ctx.addIssue({ code: z.ZodIssueCode.custom, message: WEB_ADDRESS_MESSAGES[parsed.problem](what) });
      })
      .nullable(),
  );

export const SenderProfileFormSchema = z
  .object({
    // A header value: no line breaks (header injection); quotes and commas are fine, MIME encodes them.
    senderName: z
      .string({ required_error: "Enter the sender name your recipients will see." })
      .trim()
      .min(1, "Enter the sender name your recipients will see.")
      .max(80, "The sender name must be at most 80 characters.")
      .refine((s) => !/[\r\n]/.test(s), "The sender name must be on one line."),
    fromAddress: address("The From address"),
    replyTo: address("The Reply-To address"),
    postalAddress: z.preprocess(blankToNull, z.string().trim().max(300, "The postal address must be at most 300 characters.").nullable()),
    logoUrl: webAddress("The logo address"),
    websiteUrl: webAddress("The website address"),
  })
  .strip();

export type SenderProfileForm = z.infer<typeof SenderProfileFormSchema>;

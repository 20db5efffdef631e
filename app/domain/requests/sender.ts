// The brand page's form (/brand): who a user's emails come from. Blank optional fields are stored
// as null (the deployment's address, no Reply-To, no postal address, no logo, no website).
import { z } from "zod";

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

const webAddress = (what: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(2000, `${what} must be at most 2000 characters.`)
      .refine((u) => {
        try {
          const url = new URL(u);
          return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
        } catch {
          return false;
        }
      }, `${what} must be a full web address starting with https://`)
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

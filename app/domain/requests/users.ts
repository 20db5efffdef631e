// Accounts and API tokens: a new account (the Admin page and `npm run user`), the Admin page's
// forms and the tokens page's forms.
import { z } from "zod";

export const NewAccountSchema = z.object({
  email: z.string().trim().email("Enter a valid email"),
  password: z.string().min(8, "Password must be at least 8 characters"),
  credits: z.number().int("Credits must be a whole number ≥ 0").min(0, "Credits must be a whole number ≥ 0"),
  admin: z.boolean().default(false),
});
export type NewAccount = z.input<typeof NewAccountSchema>;

// The Admin page's forms, as strings; the rules on accounts (password length, credit limits, not
// removing your own admin access) are the users service's.
const Grant = z.object({ intent: z.literal("grant"), userId: z.string().min(1), credits: z.coerce.number() });
const ToggleAdmin = z.object({ intent: z.literal("admin"), userId: z.string().min(1), admin: z.enum(["true", "false"]) });
const Create = z.object({
  intent: z.literal("create"),
  email: z.string(),
  password: z.string(),
  credits: z.coerce.number(),
  admin: z.literal("on").optional(),
});

/** Admin page: grant credits, toggle admin access or create an account, by `intent`. */
export const AdminUsersFormSchema = z.discriminatedUnion("intent", [Grant, ToggleAdmin, Create]);

/** Tokens page: issue a token. */
export const CreateTokenFormSchema = z.object({
  intent: z.literal("create"),
  name: z.string().trim().min(1, "Give the token a name").max(80),
  ttl: z.string().trim().min(1, "Choose a lifetime"),
});

/** Tokens page: revoke a token. */
export const RevokeTokenFormSchema = z.object({ intent: z.literal("revoke"), jti: z.string().min(1) });

// Accounts and API tokens: a new account (the Admin page and `npm run user`), the sign-in form,
// the Admin page's forms and the tokens page's forms. The page forms are parsed with conform's
// parseWithZod on both sides (docs/conventions.md, "Page forms"), which reads a blank field as
// missing: a required field's message is its `required_error`.
import { z } from "zod";

/** The shortest password an account may have. */
export const MIN_PASSWORD_LENGTH = 8;
/** The longest: generous for passphrases, and a bound on what one hash is asked to read. */
export const MAX_PASSWORD_LENGTH = 256;

/** Every password an account gets: at creation, from an admin, or changed by its owner. */
export const PasswordSchema = z
  .string({ required_error: "Enter a password" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

const EmailSchema = z.string({ required_error: "Enter an email" }).trim().email("Enter a valid email");
const STARTING_CREDITS = "Credits must be a whole number ≥ 0";
const StartingCreditsSchema = z
  .number({ required_error: STARTING_CREDITS, invalid_type_error: STARTING_CREDITS })
  .int(STARTING_CREDITS)
  .min(0, STARTING_CREDITS);

export const NewAccountSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  credits: StartingCreditsSchema,
  admin: z.boolean().default(false),
});
export type NewAccount = z.input<typeof NewAccountSchema>;

/**
 * The sign-in form: both fields present, the email shaped like one. Whether they match an account,
 * and the throttles, are the auth service's (signIn).
 */
export const SignInFormSchema = z.object({
  email: z.string({ required_error: "Enter your email." }).trim().email("Enter an email address, like name@example.com."),
  password: z.string({ required_error: "Enter your password." }),
});

// The Admin page's forms. Adding an account checks a new account's fields (the form's strings are
// read as numbers by parseWithZod); the other rules on accounts (credit limits of a grant, not
// removing your own admin access) are the users service's.
const Grant = z.object({ intent: z.literal("grant"), userId: z.string().min(1), credits: z.coerce.number() });
const ToggleAdmin = z.object({ intent: z.literal("admin"), userId: z.string().min(1), admin: z.enum(["true", "false"]) });
const Create = z.object({
  intent: z.literal("create"),
  email: EmailSchema,
  password: PasswordSchema,
  credits: StartingCreditsSchema,
  admin: z.literal("on").optional(),
});

/**
 * Admin → one user: set a temporary password (the rules every password has; the users service
 * checks them again), or lift a sign-in lockout.
 */
export const AdminUserFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("temporary-password"), password: PasswordSchema }),
  z.object({ intent: z.literal("unlock") }),
]);

/**
 * The account page: change your own password. The users service (changeOwnPassword) checks the
 * same rules again, with the same words, and then the current password itself.
 */
export const ChangePasswordFormSchema = z
  .object({
    current: z.string({ required_error: "Enter your current password." }),
    password: PasswordSchema,
    confirm: z.string({ required_error: "Enter the new password again." }),
  })
  .refine((v) => v.confirm === v.password, { message: "The two new passwords are not the same.", path: ["confirm"] })
  .refine((v) => v.current !== v.password, { message: "Choose a new password, not the current one.", path: ["password"] });
export type ChangePasswordInput = z.infer<typeof ChangePasswordFormSchema>;

/** Admin page: grant credits, toggle admin access or create an account, by `intent`. */
export const AdminUsersFormSchema = z.discriminatedUnion("intent", [Grant, ToggleAdmin, Create]);

/** Tokens page: issue a token. */
export const CreateTokenFormSchema = z.object({
  intent: z.literal("create"),
  name: z
    .string({ required_error: "Give the token a name" })
    .trim()
    .min(1, "Give the token a name")
    .max(80, "A token's name must be at most 80 characters"),
  ttl: z.string({ required_error: "Choose a lifetime" }).trim().min(1, "Choose a lifetime"),
});

/** Tokens page: revoke a token. */
export const RevokeTokenFormSchema = z.object({ intent: z.literal("revoke"), jti: z.string().min(1) });

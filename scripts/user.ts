// npm run user -- create --email E --password P [--admin] [--credits N]
// npm run user -- grant --email E --credits N        (admin grant of ai_generation credits)
// npm run user -- admin --email E [--revoke]
// npm run user -- password --email E --password P  (temporary password; ends the user's sessions)
// npm run user -- unlock --email E                 (lift a sign-in lockout)
import { migrate } from "../db/migrate";
import { getApp } from "../app/composition/app.server";
import { AI_GENERATION } from "../app/models/credits.server";
import { createAccount, grantCredits, setAdminAccess, setTemporaryPassword, unlockAccount } from "../app/services/users.server";
import { fail, parseArgs, runCli, stringFlag } from "./lib/args";

const USAGE = `usage:
  npm run user -- create --email E --password P [--admin] [--credits N]
  npm run user -- grant  --email E --credits N
  npm run user -- admin  --email E [--revoke]
  npm run user -- password --email E --password P
  npm run user -- unlock --email E`;

async function main() {
  const args = parseArgs(process.argv.slice(2), { strings: ["email", "password", "credits"], booleans: ["admin", "revoke"] }, USAGE);
  const [command] = args.positional;
  const email = stringFlag(args, "email");
  if (!command || !["create", "grant", "admin", "password", "unlock"].includes(command))
    fail("expected a command: create, grant, admin, password or unlock", USAGE);
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail("--email must be an email address", USAGE);
  const creditsRaw = stringFlag(args, "credits");
  const credits = creditsRaw === undefined ? undefined : Number(creditsRaw);
  if (credits !== undefined && (!Number.isInteger(credits) || credits < 0)) fail("--credits must be a whole number ≥ 0", USAGE);

  const app = await getApp();
  await migrate(app.database.client);

  if (command === "create") {
    const password = stringFlag(args, "password") ?? "";
    const created = await createAccount(app, {
      email,
      password,
      admin: args.flags.admin === true,
      credits: credits ?? app.env.NEW_USER_CREDITS,
    });
    if (!created.ok) fail(created.error, created.status === 400 ? USAGE : undefined);
    const { user } = created.value;
    console.log(`created ${user.email}${user.isAdmin ? " (admin)" : ""} with ${created.value.credits} ${AI_GENERATION} credits`);
    return;
  }
  if (command === "grant") {
    if (credits === undefined || credits === 0) fail("--credits N (N ≥ 1) is required for grant", USAGE);
    const granted = await grantCredits(app, { email }, credits, "cli");
    if (!granted.ok) fail(granted.status === 404 ? `no user with email ${email}` : granted.error);
    console.log(`granted ${credits} credits to ${granted.value.user.email}; balance is now ${granted.value.balance}`);
    return;
  }
  if (command === "password") {
    const set = await setTemporaryPassword(app, { email }, stringFlag(args, "password") ?? "", "cli");
    if (!set.ok) fail(set.status === 404 ? `no user with email ${email}` : set.error, set.status === 400 ? USAGE : undefined);
    console.log(
      `set a temporary password for ${set.value.user.email}; ${set.value.sessionsEnded} session(s) signed out. Ask them to change it on their Account page.`,
    );
    return;
  }
  if (command === "unlock") {
    const unlocked = await unlockAccount(app, { email }, "cli");
    if (!unlocked.ok) fail(unlocked.status === 404 ? `no user with email ${email}` : unlocked.error);
    console.log(
      unlocked.value.wasLocked
        ? `unlocked ${unlocked.value.user.email}: they can sign in again now`
        : `${unlocked.value.user.email} was not locked; failed sign-ins cleared`,
    );
    return;
  }
  const revoke = args.flags.revoke === true;
  const changed = await setAdminAccess(app, { email }, !revoke);
  if (!changed.ok) fail(changed.status === 404 ? `no user with email ${email}` : changed.error);
  console.log(`${changed.value.user.email} is ${revoke ? "no longer" : "now"} an admin (balance ${changed.value.balance})`);
}

runCli(main);

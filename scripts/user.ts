// npm run user -- create --email E --password P [--admin] [--credits N]
// npm run user -- grant --email E --credits N        (admin grant of ai_generation credits)
// npm run user -- admin --email E [--revoke]
import { migrate } from "../db/migrate";
import { getApp } from "../app/lib/app.server";
import { AI_GENERATION, balanceOf, grant } from "../app/models/credits.server";
import { createUser, findUserByEmail, setAdmin } from "../app/models/users.server";
import { fail, parseArgs, runCli, stringFlag } from "./lib/args";

const USAGE = `usage:
  npm run user -- create --email E --password P [--admin] [--credits N]
  npm run user -- grant  --email E --credits N
  npm run user -- admin  --email E [--revoke]`;

async function main() {
  const args = parseArgs(process.argv.slice(2), ["admin", "revoke"]);
  const [command] = args.positional;
  const email = stringFlag(args, "email");
  if (!command || !["create", "grant", "admin"].includes(command)) fail("expected a command: create, grant or admin", USAGE);
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail("--email must be an email address", USAGE);
  const creditsRaw = stringFlag(args, "credits");
  const credits = creditsRaw === undefined ? undefined : Number(creditsRaw);
  if (credits !== undefined && (!Number.isInteger(credits) || credits < 0)) fail("--credits must be a whole number ≥ 0", USAGE);

  const app = await getApp();
  await migrate(app.database.client);
  const { db } = app.database;

  if (command === "create") {
    const password = stringFlag(args, "password");
    if (!password || password.length < 8) fail("--password must be at least 8 characters", USAGE);
    const result = await createUser(db, { email, password, admin: args.flags.admin === true, credits: credits ?? app.env.NEW_USER_CREDITS });
    if (!result.ok) fail(result.error);
    console.log(`created ${result.user.email}${result.user.isAdmin ? " (admin)" : ""} with ${credits ?? app.env.NEW_USER_CREDITS} ${AI_GENERATION} credits`);
    return;
  }
  const user = await findUserByEmail(db, email);
  if (!user) fail(`no user with email ${email}`);
  if (command === "grant") {
    if (credits === undefined || credits === 0) fail("--credits N (N ≥ 1) is required for grant", USAGE);
    const balance = await grant(db, user.id, AI_GENERATION, credits, "cli");
    console.log(`granted ${credits} credits to ${user.email}; balance is now ${balance}`);
    return;
  }
  await setAdmin(db, user.email, args.flags.revoke !== true);
  console.log(`${user.email} is ${args.flags.revoke === true ? "no longer" : "now"} an admin (balance ${await balanceOf(db, user.id)})`);
}

runCli(main);

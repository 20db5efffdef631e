// npm run token -- --email E [--ttl 24h] [--name NAME]   → prints the token alone on its last line.
// The lifetime defaults to ACCESS_TOKEN_TTL and may not exceed ACCESS_TOKEN_MAX_TTL.
import { migrate } from "../db/migrate";
import { getApp } from "../app/composition/app.server";
import { issueAccessToken, tokenLifetime } from "../app/services/auth.server";
import { findUserByEmail } from "../app/models/users.server";
import { fail, parseArgs, runCli, stringFlag } from "./lib/args";

const USAGE = "usage: npm run token -- --email E [--ttl 24h] [--name NAME]";

async function main() {
  const args = parseArgs(process.argv.slice(2), { strings: ["email", "ttl", "name"] }, USAGE);
  const email = stringFlag(args, "email");
  if (!email) fail("--email is required", USAGE);
  const app = await getApp();
  const ttl = stringFlag(args, "ttl") ?? app.env.ACCESS_TOKEN_TTL;
  const lifetime = tokenLifetime(app.env, ttl);
  if (!lifetime.ok) fail(`--ttl: ${lifetime.error}`, USAGE);
  await migrate(app.database.client);
  const user = await findUserByEmail(app.database.db, email);
  if (!user) fail(`no user with email ${email} (create one with: npm run user -- create --email ${email} --password …)`);
  const issued = await issueAccessToken(app, user, ttl, stringFlag(args, "name") ?? "cli");
  console.error(`token for ${user.email}, expires ${issued.expiresAt.toISOString()}:`);
  console.log(issued.token);
}

runCli(main);

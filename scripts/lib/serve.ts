// What `npm start` and `npm run dev` do once they have a build: migrate, seed, create the first
// admin, then serve.
import { ConfigError } from "../../app/lib/env.server";
import { createHttpServer, type DevMode, type KineticBuild } from "../../server/http-server";

/** Migrates, seeds, creates the first admin, then serves `build` and says how to sign in. */
export async function serve(build: KineticBuild, buildDir: string, dev?: DevMode): Promise<void> {
  const { bootstrap, getApp, adapterSummary } = build.entry.module;
  let app;
  try {
    app = await getApp();
  } catch (e) {
    if (e instanceof ConfigError || (e as Error)?.name === "ConfigError") {
      console.error(`\n${(e as Error).message}\n\nFix the variables above (see .env.example) and start again.`);
      process.exit(1);
    }
    throw e;
  }
  const { env } = app;
  if (env.PASSWORD_HASH_COST !== "owasp") {
    console.warn(`Warning: PASSWORD_HASH_COST=${env.PASSWORD_HASH_COST} makes password hashes cheap to crack; it is for test suites only.`);
  }
  console.log(`Preparing the database (${env.DATABASE_URL.replace(/\?.*$/, "")})…`);
  const report = await bootstrap();
  for (const note of report.notes) console.log(note);

  const server = createHttpServer(build, buildDir, app.logger, env, dev);
  server.listen(env.PORT, env.HOST, () => {
    const adapters = Object.entries(adapterSummary(env))
      .map(([k, v]) => `${k}=${v}`)
      .join(", ");
    // CPU time as well as the clock's: on a shared machine only the CPU time says what start-up costs.
    const cpu = process.cpuUsage();
    const took = `ready in ${Math.round(process.uptime() * 1000)} ms, ${Math.round((cpu.user + cpu.system) / 1000)} ms of CPU`;
    console.log(`\n${env.BRAND_NAME} is running on ${env.BASE_URL}  (${adapters}; ${took})`);
    if (report.adminCreated) {
      console.log(`\nAn admin account was created. Sign in at ${env.BASE_URL}/login with:`);
      console.log(`  email:    ${report.adminCreated.email}`);
      console.log(
        report.adminCreated.generatedPassword
          ? `  password: ${report.adminCreated.generatedPassword}   (generated; shown only this once)`
          : "  password: the ADMIN_PASSWORD you configured",
      );
    } else {
      console.log(`\nSign in at ${env.BASE_URL}/login with your account (the admin is ${env.ADMIN_EMAIL ?? "the first user created"}).`);
      console.log(`Forgot it? npm run user -- create --email you@example.com --password '…' --admin`);
    }
    console.log(`Then create an API token at ${env.BASE_URL}/tokens, or: npm run token -- --email <email>\n`);
    // After the first answers, not before them: loading the prompt reader's NLP libraries takes a
    // quarter to half a second (docs/operations.md).
    setTimeout(() => build.entry.module.warmUpPromptFacts(), 100).unref();
  });

  const shutdown = (signal: string) => {
    console.log(`\n${signal}: shutting down…`);
    build.entry.module.stopJobs(app);
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

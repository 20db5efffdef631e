// Start-up work shared by `npm start` and the test servers: migrations, the first admin, seeds,
// what a stopped server left half done, then the periodic jobs (app/services/jobs.server.ts).
import crypto from "node:crypto";
import { migrate } from "../../db/migrate";
import { getApp } from "~/composition/app.server";
import { countUsers, createUser, setAdmin } from "~/models/users.server";
import { seedLibrary } from "./seed-library.server";
import { startJobs } from "./jobs.server";
import { recoverInterruptedSends } from "./sending.server";
import { recoverInterruptedWork } from "./interrupted-work.server";

export interface BootstrapReport {
  adminCreated?: { email: string; generatedPassword?: string };
  notes: string[];
}

export const DEFAULT_ADMIN_EMAIL = "admin@kinetic.local";

export async function bootstrap(): Promise<BootstrapReport> {
  const app = await getApp();
  const { client, db } = app.database;
  await migrate(client);
  const report: BootstrapReport = { notes: [] };

  if ((await countUsers(db)) === 0) {
    const email = app.env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
    const generatedPassword = app.env.ADMIN_PASSWORD ? undefined : crypto.randomBytes(12).toString("base64url");
    const created = await createUser(db, {
      email,
      password: app.env.ADMIN_PASSWORD ?? generatedPassword!,
      admin: true,
      credits: app.env.NEW_USER_CREDITS,
    });
    if (created.ok) report.adminCreated = { email: created.user.email, generatedPassword };
  } else if (app.env.ADMIN_EMAIL) {
    await setAdmin(db, app.env.ADMIN_EMAIL, true);
  }
  const seeded = await seedLibrary(app);
  if (seeded.note) report.notes.push(seeded.note);
  const interrupted = await recoverInterruptedSends(app);
  if (interrupted.length)
    report.notes.push(
      `${interrupted.length} send(s) were in flight when the server last stopped; marked "unknown" (not resent) and reported as operator alerts.`,
    );
  const cutOff = await recoverInterruptedWork(app);
  if (cutOff.refunds.length)
    report.notes.push(
      `${cutOff.refunds.length} charge(s) for generations interrupted when a server stopped were refunded (${cutOff.refunds.reduce((n, r) => n + r.amount, 0)} credit(s); the ledger notes say why).`,
    );
  if (cutOff.evalRuns.length)
    report.notes.push(`${cutOff.evalRuns.length} eval run(s) interrupted when a server stopped were finalized with the results they had.`);
  // The one place the periodic jobs start; a second bootstrap in the same process starts none again.
  startJobs(app);
  return report;
}

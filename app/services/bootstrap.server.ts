// Start-up work shared by `npm start` and the test servers: migrations, the first admin, seeds,
// what a stopped server left half done, then the periodic jobs (app/services/jobs.server.ts).
//
// Start-up's own writes never keep the server from coming up. A crash, a deploy or a host restart
// can come while the disk is full (SQLITE_FULL) or while another process holds the write lock
// (SQLITE_BUSY); the server then still serves reads and answers writes 503 with Retry-After, so a
// write the database refuses here is postponed, not fatal: the recovery (this process's record,
// refunds, interrupted sends and eval runs) by the `postponed-start-up` job until it is done, the
// first admin and the starter library at the next start. Migrations stay fatal: without the
// schema there is nothing to serve. docs/operations.md, "A full disk".
import crypto from "node:crypto";
import { migrate } from "../../db/migrate";
import { getApp, type AppContext } from "~/composition/app.server";
import { noteStorageRoom, storageRefusalOf, type StorageRefusal } from "~/lib/storage-refusals.server";
import { countUsers, createUser, setAdmin } from "~/models/users.server";
import { seedLibrary } from "./seed-library.server";
import { startJobs, type JobRegistry } from "./jobs.server";
import { recoverInterruptedSends } from "./sending.server";
import { recoverInterruptedWork } from "./interrupted-work.server";

export interface BootstrapReport {
  adminCreated?: { email: string; generatedPassword?: string };
  notes: string[];
  /** Start-up work the database refused; the `postponed-start-up` job does it once the database takes writes again. */
  postponed: string[];
}

export const DEFAULT_ADMIN_EMAIL = "admin@kinetic.local";
/** The job that does the start-up work the database refused, and how often it tries. */
export const POSTPONED_JOB = "postponed-start-up";
export const POSTPONED_RETRY_MS = 15_000;

const WHY: Record<StorageRefusal, string> = {
  full: "the database has no room for it (disk full)",
  busy: "another process holds the database's write lock",
};

type Attempt<T> = { done: true; value: T } | { done: false; refusal: StorageRefusal };

/** Runs one piece of start-up work; a write the database refused is reported, anything else thrown. */
async function attempt<T>(app: AppContext, step: string, work: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { done: true, value: await work() };
  } catch (error) {
    const refusal = storageRefusalOf(error);
    if (!refusal) throw error;
    app.logger.warn({ err: error, refusal, step }, "the database refused a start-up write; the server starts without it");
    return { done: false, refusal };
  }
}

/** Recovery a job can finish later: each step answers the lines to report. */
interface RecoveryStep {
  name: string;
  run: () => Promise<string[]>;
}

function recoverySteps(app: AppContext): RecoveryStep[] {
  return [
    {
      name: "interrupted sends",
      async run() {
        const interrupted = await recoverInterruptedSends(app);
        return interrupted.length
          ? [
              `${interrupted.length} send(s) were in flight when the server last stopped; marked "unknown" (not resent) and reported as operator alerts.`,
            ]
          : [];
      },
    },
    {
      // Registers this process first (app/services/process-instance.server.ts).
      name: "interrupted work",
      async run() {
        const cutOff = await recoverInterruptedWork(app);
        const lines: string[] = [];
        if (cutOff.refunds.length)
          lines.push(
            `${cutOff.refunds.length} charge(s) for generations interrupted when a server stopped were refunded (${cutOff.refunds.reduce((n, r) => n + r.amount, 0)} credit(s); the ledger notes say why).`,
          );
        if (cutOff.evalRuns.length)
          lines.push(`${cutOff.evalRuns.length} eval run(s) interrupted when a server stopped were finalized with the results they had.`);
        return lines;
      },
    },
  ];
}

export async function bootstrap(): Promise<BootstrapReport> {
  const app = await getApp();
  const { client, db } = app.database;
  await migrate(client);
  const report: BootstrapReport = { notes: [], postponed: [] };

  // Done at a start only: the generated password is shown once, in the start-up banner.
  const admin = await attempt(app, "first admin", async () => {
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
  });
  if (!admin.done) report.notes.push(`The admin account could not be set up: ${WHY[admin.refusal]}. The next start does it.`);

  const seeded = await attempt(app, "starter library", () => seedLibrary(app));
  if (!seeded.done) report.notes.push(`The starter library could not be seeded: ${WHY[seeded.refusal]}. It resumes at the next start.`);
  else if (seeded.value.note) report.notes.push(seeded.value.note);

  const postponed: RecoveryStep[] = [];
  for (const step of recoverySteps(app)) {
    const done = await attempt(app, step.name, step.run);
    if (done.done) {
      report.notes.push(...done.value);
      continue;
    }
    postponed.push(step);
    report.postponed.push(step.name);
    report.notes.push(
      `The recovery of ${step.name} is postponed: ${WHY[done.refusal]}. It is tried again every ${POSTPONED_RETRY_MS / 1000} s until it is done (the ${POSTPONED_JOB} job in /healthz).`,
    );
  }
  // The one place the periodic jobs start; a second bootstrap in the same process starts none again.
  const jobs = startJobs(app);
  if (postponed.length) retryPostponed(app, jobs, postponed);
  return report;
}

/**
 * The job that finishes the postponed recovery. A run that leaves work undone fails (logged, and
 * shown in /healthz as the job's last outcome); once all of it is done, the refusals for lack of
 * room that came before no longer make /healthz report a full disk, and later runs do nothing.
 */
function retryPostponed(app: AppContext, jobs: JobRegistry, steps: RecoveryStep[]): void {
  if (jobs.states().some((j) => j.name === POSTPONED_JOB)) return;
  let left = steps;
  jobs.add({
    name: POSTPONED_JOB,
    everyMs: POSTPONED_RETRY_MS,
    async run() {
      if (!left.length) return;
      const since = Date.now();
      const still: RecoveryStep[] = [];
      let firstError: unknown;
      for (const step of left) {
        try {
          const lines = await step.run();
          app.logger.info({ step: step.name, outcome: lines }, "postponed start-up recovery done");
        } catch (error) {
          // Still refused (a refusal for lack of room is noted for /healthz), or another fault: tried again next run.
          storageRefusalOf(error);
          still.push(step);
          firstError ??= error;
        }
      }
      left = still;
      if (still.length) throw firstError;
      noteStorageRoom(since);
    },
  });
}

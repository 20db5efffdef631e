// The process's periodic work, in one place: which jobs run, how often, and what became of their
// last run. Each job's logic stays in its own service; only the scheduling lives here. Started
// once, from bootstrap (app/services/bootstrap.server.ts), and stopped on shutdown.
import type { AppContext } from "~/composition/app.server";
import type { Logger } from "~/lib/logger.server";
import { ALERT_RETRY_INTERVAL_MS, retryPendingAlerts } from "./alerts.server";
import { STALE_SWEEP_INTERVAL_MS, sweepStaleRuns } from "./eval-runner.server";
import { INTERRUPTED_WORK_SWEEP_MS, recoverInterruptedWork } from "./interrupted-work.server";
import { recoverInterruptedSends, SEND_SWEEP_INTERVAL_MS } from "./sending.server";

export interface JobSpec {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/** What /healthz shows of a job: in-memory facts of this process only. */
export interface JobState {
  name: string;
  everyMs: number;
  running: boolean;
  runs: number;
  failures: number;
  /** ISO times; null before the first run. */
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  /** How the last run ended; its error is in the log (/healthz is public, so no message here). */
  lastOutcome: "ok" | "failed" | null;
  /** Ticks that came while the previous run was still going (skipped, not queued). */
  skipped: number;
}

interface Job {
  spec: JobSpec;
  state: JobState;
  timer: NodeJS.Timeout | null;
}

export interface JobRegistry {
  /** Adds a job; its timer starts with start() (at once when the registry is already started). */
  add(spec: JobSpec): void;
  start(): void;
  /** Clears every timer; a run in progress finishes on its own. */
  stop(): void;
  /**
   * Runs a job now, unless a run of it is still going (then resolves at once): two runs of the
   * same job never overlap. Never rejects: a failure is logged and kept in the job's state.
   */
  runNow(name: string): Promise<void>;
  states(): JobState[];
}

export function createJobRegistry(logger: Logger, now: () => number = Date.now): JobRegistry {
  const jobs = new Map<string, Job>();
  let started = false;

  async function run(job: Job): Promise<void> {
    const { state } = job;
    if (state.running) {
      state.skipped++;
      logger.debug({ job: state.name }, "job still running from its last tick; this tick skipped");
      return;
    }
    state.running = true;
    state.lastStartedAt = new Date(now()).toISOString();
    try {
      await job.spec.run();
      state.lastOutcome = "ok";
    } catch (err) {
      state.failures++;
      state.lastOutcome = "failed";
      logger.error({ err, job: state.name }, "periodic job failed; it runs again at its next tick");
    } finally {
      state.runs++;
      state.running = false;
      state.lastFinishedAt = new Date(now()).toISOString();
    }
  }

  function schedule(job: Job): void {
    if (job.timer) return;
    // Unref'd: a job never keeps the process alive.
    job.timer = setInterval(() => void run(job), job.spec.everyMs);
    job.timer.unref();
  }

  return {
    add(spec) {
      if (jobs.has(spec.name)) throw new Error(`A job named ${spec.name} is already registered`);
      const state: JobState = {
        name: spec.name,
        everyMs: spec.everyMs,
        running: false,
        runs: 0,
        failures: 0,
        lastStartedAt: null,
        lastFinishedAt: null,
        lastOutcome: null,
        skipped: 0,
      };
      const job: Job = { spec, state, timer: null };
      jobs.set(spec.name, job);
      if (started) schedule(job);
    },
    start() {
      started = true;
      for (const job of jobs.values()) schedule(job);
    },
    stop() {
      started = false;
      for (const job of jobs.values()) {
        if (job.timer) clearInterval(job.timer);
        job.timer = null;
      }
    },
    runNow(name) {
      const job = jobs.get(name);
      if (!job) return Promise.reject(new Error(`No job named ${name}`));
      return run(job);
    },
    states: () => [...jobs.values()].map((j) => ({ ...j.state })),
  };
}

/** The jobs of this app (bootstrap runs the sweeps once itself before the server listens). */
export function appJobs(app: AppContext): JobSpec[] {
  const jobs: JobSpec[] = [
    // Sends a stopped process left `sending`, and outcomes journalled while the database was locked.
    { name: "interrupted-sends", everyMs: SEND_SWEEP_INTERVAL_MS, run: () => recoverInterruptedSends(app) },
    // Charges and page eval runs of processes that died (ADR 021).
    { name: "interrupted-work", everyMs: INTERRUPTED_WORK_SWEEP_MS, run: () => recoverInterruptedWork(app) },
    // Eval runs without progress for STALE_AFTER_MS (a CLI that died, a stuck run).
    { name: "stale-evals", everyMs: STALE_SWEEP_INTERVAL_MS, run: () => sweepStaleRuns(app) },
  ];
  // Operator alerts the chat webhook did not take; without a webhook there is nothing to push.
  if (app.adapters.alerts) jobs.push({ name: "alert-retry", everyMs: ALERT_RETRY_INTERVAL_MS, run: () => retryPendingAlerts(app) });
  return jobs;
}

const registries = new WeakMap<AppContext, JobRegistry>();

/** Starts the app's jobs; a second call for the same app starts nothing new. */
export function startJobs(app: AppContext): JobRegistry {
  let registry = registries.get(app);
  if (!registry) {
    registry = createJobRegistry(app.logger);
    for (const spec of appJobs(app)) registry.add(spec);
    registries.set(app, registry);
  }
  registry.start();
  return registry;
}

/** Stops the app's jobs (shutdown, a test server closing). */
export function stopJobs(app: AppContext): void {
  registries.get(app)?.stop();
}

/** Runs one of the app's jobs now (as its timer would; never two runs at once). Rejects for a job not registered. */
export function runJobNow(app: AppContext, name: string): Promise<void> {
  const registry = registries.get(app);
  return registry ? registry.runNow(name) : Promise.reject(new Error(`No jobs are started for this app (${name})`));
}

/** The app's jobs as /healthz shows them; empty before bootstrap started them. */
export function jobStates(app: AppContext): JobState[] {
  return registries.get(app)?.states() ?? [];
}

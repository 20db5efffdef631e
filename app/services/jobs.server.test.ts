// The periodic-job registry: runs on its interval, never two runs of a job at once, a failing job
// neither stops the others nor rejects, and stop() ends every timer. Fake timers: no waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import pino from "pino";
import { createTestApp } from "../../test/helpers/app-context";
import { createJobRegistry, jobStates, runJobNow, startJobs, stopJobs } from "./jobs.server";

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

/** A promise the test settles when it chooses. */
function gate() {
  let open!: () => void;
  let fail!: (e: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

describe("job registry", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs each job on its own interval once started, and not before", async () => {
    const { logger } = capturingLogger();
    const jobs = createJobRegistry(logger);
    const a = vi.fn(async () => undefined);
    const b = vi.fn(async () => undefined);
    jobs.add({ name: "a", everyMs: 1000, run: a });
    jobs.add({ name: "b", everyMs: 3000, run: b });
    await vi.advanceTimersByTimeAsync(5000);
    expect(a).not.toHaveBeenCalled();
    jobs.start();
    await vi.advanceTimersByTimeAsync(6000);
    expect(a).toHaveBeenCalledTimes(6);
    expect(b).toHaveBeenCalledTimes(2);
    expect(jobs.states().find((s) => s.name === "a")).toMatchObject({ runs: 6, failures: 0, running: false, lastOutcome: "ok" });
    jobs.stop();
  });

  it("never overlaps two runs of the same job: a tick during a run is skipped, not queued", async () => {
    const { logger } = capturingLogger();
    const jobs = createJobRegistry(logger);
    const slow = gate();
    let concurrent = 0;
    let maxConcurrent = 0;
    const run = vi.fn(async () => {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await slow.promise;
      concurrent--;
    });
    jobs.add({ name: "slow", everyMs: 1000, run });
    jobs.start();
    await vi.advanceTimersByTimeAsync(5000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(jobs.states()[0]).toMatchObject({ running: true, skipped: 4, runs: 0 });
    // runNow during a run does not start a second one either.
    await jobs.runNow("slow");
    expect(run).toHaveBeenCalledTimes(1);
    slow.open();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(maxConcurrent).toBe(1);
    expect(jobs.states()[0]).toMatchObject({ running: false, runs: 2 });
    jobs.stop();
  });

  it("logs a failing run, keeps running it and the other jobs, and never rejects", async () => {
    const { logger, lines } = capturingLogger();
    const jobs = createJobRegistry(logger);
    const failing = vi.fn(async () => {
      throw new Error("database locked");
    });
    const healthy = vi.fn(async () => undefined);
    jobs.add({ name: "failing", everyMs: 1000, run: failing });
    jobs.add({ name: "healthy", everyMs: 1000, run: healthy });
    jobs.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(failing).toHaveBeenCalledTimes(3);
    expect(healthy).toHaveBeenCalledTimes(3);
    await expect(jobs.runNow("failing")).resolves.toBeUndefined();
    const failed = lines.filter((l) => l.job === "failing" && l.level === 50);
    expect(failed).toHaveLength(4);
    expect((failed[0].err as { message: string }).message).toBe("database locked");
    expect(jobs.states().find((s) => s.name === "failing")).toMatchObject({ runs: 4, failures: 4, lastOutcome: "failed" });
    expect(jobs.states().find((s) => s.name === "healthy")).toMatchObject({ failures: 0, lastOutcome: "ok" });
    jobs.stop();
  });

  it("stop() ends every timer; start() again resumes without doubling the timers", async () => {
    const { logger } = capturingLogger();
    const jobs = createJobRegistry(logger);
    const run = vi.fn(async () => undefined);
    jobs.add({ name: "tick", everyMs: 1000, run });
    jobs.start();
    jobs.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(run).toHaveBeenCalledTimes(2);
    jobs.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
    jobs.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(run).toHaveBeenCalledTimes(3);
    jobs.stop();
  });

  it("refuses two jobs of the same name", () => {
    const jobs = createJobRegistry(capturingLogger().logger);
    jobs.add({ name: "x", everyMs: 1000, run: async () => undefined });
    expect(() => jobs.add({ name: "x", everyMs: 1000, run: async () => undefined })).toThrow(/already registered/);
  });
});

describe("the app's jobs", () => {
  it("are the send sweep, the interrupted-work sweep, the stale-eval sweep and (with a chat webhook) the alert retry, started once", async () => {
    const plain = await createTestApp();
    expect(jobStates(plain)).toEqual([]);
    const first = startJobs(plain);
    expect(startJobs(plain)).toBe(first);
    expect(jobStates(plain).map((j) => j.name)).toEqual(["interrupted-sends", "interrupted-work", "stale-evals"]);
    stopJobs(plain);

    const withChat = await createTestApp({ env: { ALERT_WEBHOOK_URL: "https://chat.example.com/hook" } });
    startJobs(withChat);
    expect(jobStates(withChat).map((j) => j.name)).toContain("alert-retry");
    stopJobs(withChat);
  });

  it("run now by name, once started; an unknown name or an app without jobs is refused", async () => {
    const app = await createTestApp();
    await expect(runJobNow(app, "stale-evals")).rejects.toThrow(/No jobs are started/);
    startJobs(app);
    await runJobNow(app, "stale-evals");
    expect(jobStates(app).find((j) => j.name === "stale-evals")).toMatchObject({ runs: 1, lastOutcome: "ok" });
    await expect(runJobNow(app, "no-such-job")).rejects.toThrow(/No job named no-such-job/);
    stopJobs(app);
  });
});

// Start-up on this file's own database (test/setup.ts), held full from before the first start
// (test/helpers/full-database.ts): nothing start-up writes stops it. The first admin waits for
// the next start; the recovery is done by the postponed-start-up job once there is room, and the
// refusals it met stop counting for /healthz.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { getApp, type AppContext } from "~/composition/app.server";
import { lastStorageFullAt } from "~/lib/storage-refusals.server";
import { countUsers } from "~/models/users.server";
import { holdDatabaseFull, makeRoom } from "../../test/helpers/full-database";
import { bootstrap, POSTPONED_JOB } from "./bootstrap.server";
import { jobStates, runJobNow, stopJobs } from "./jobs.server";

let app: AppContext;

beforeAll(async () => {
  app = await getApp();
  await migrate(app.database.client);
  await holdDatabaseFull(app.database.client);
});
afterAll(() => stopJobs(app));

const instances = async () =>
  Number(
    (await app.database.client.execute({ sql: "SELECT count(*) AS n FROM server_instances WHERE pid = ?", args: [process.pid] })).rows[0].n,
  );

describe("bootstrap on a full database", () => {
  it("starts: the admin waits for the next start, the recovery for the postponed-start-up job", async () => {
    const report = await bootstrap();
    expect(report.adminCreated).toBeUndefined();
    expect(report.postponed).toEqual(["interrupted work"]);
    expect(report.notes).toEqual([
      "The admin account could not be set up: the database has no room for it (disk full). The next start does it.",
      `The recovery of interrupted work is postponed: the database has no room for it (disk full). It is tried again every 15 s until it is done (the ${POSTPONED_JOB} job in /healthz).`,
    ]);
    expect(await countUsers(app.database.db)).toBe(0);
    expect(jobStates(app).map((j) => j.name)).toContain(POSTPONED_JOB);
    expect(lastStorageFullAt()).not.toBeNull();
  });

  it("retries until there is room; then the recovery is done, and later runs do nothing", async () => {
    await runJobNow(app, POSTPONED_JOB);
    expect(jobStates(app).find((j) => j.name === POSTPONED_JOB)).toMatchObject({ runs: 1, failures: 1, lastOutcome: "failed" });
    expect(await instances()).toBe(0);

    await makeRoom(app.database.client);
    await runJobNow(app, POSTPONED_JOB);
    expect(jobStates(app).find((j) => j.name === POSTPONED_JOB)).toMatchObject({ runs: 2, failures: 1, lastOutcome: "ok" });
    expect(await instances()).toBe(1);
    // The refused writes went through: /healthz no longer reports the full disk from memory.
    expect(lastStorageFullAt()).toBeNull();
    await runJobNow(app, POSTPONED_JOB);
    expect(jobStates(app).find((j) => j.name === POSTPONED_JOB)).toMatchObject({ runs: 3, lastOutcome: "ok" });
  });

  it("the next start creates the first admin, and postpones nothing", async () => {
    const report = await bootstrap();
    expect(report.adminCreated).toMatchObject({ email: expect.any(String) });
    expect(report.postponed).toEqual([]);
    expect(await countUsers(app.database.db)).toBe(1);
    expect(jobStates(app).filter((j) => j.name === POSTPONED_JOB)).toHaveLength(1);
  });
});

// The refund rule on a real database: charges and page eval runs whose process is gone are settled
// once, with a ledger note; those of a live process (this one, or another with a fresh heartbeat)
// are left alone. Other processes are stood in for by their server_instances records.
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/helpers/app-context";
import { waitUntil } from "../../test/helpers/wait";
import type { AppContext } from "~/composition/app.server";
import { LEASE_MS } from "~/domain/recovery/owner";
import { processIdentity } from "~/lib/process-identity.server";
import { AI_GENERATION, balanceOf, charge, listLedger, listPendingCharges, refundPendingCharge } from "~/models/credits.server";
import { findRun, insertRun } from "~/models/eval.server";
import { registerInstance } from "~/models/server-instances.server";
import { createUser, type User } from "~/models/users.server";
import { withCharge } from "./charge.server";
import { recoverInterruptedWork } from "./interrupted-work.server";

let app: AppContext;
let n = 0;
const me = processIdentity();
/** A pid no process has now: a child that has exited. */
const deadPid = spawnSync(process.execPath, ["-e", ""]).pid!;

beforeAll(async () => {
  app = await createTestApp();
});

async function userWith(credits: number): Promise<User> {
  const r = await createUser(app.database.db, { email: `owner${++n}@example.com`, password: "password123", credits });
  if (!r.ok) throw new Error(r.error);
  return r.user;
}

/** Another server process, as its record says: on this host or not, with its last heartbeat. */
async function processRecord(id: string, o: { host?: string; pid: number; seenAt: number }) {
  await registerInstance(app.database.db, { id, host: o.host ?? me.host, pid: o.pid, startedAt: o.seenAt }, o.seenAt);
}

/** A charge taken by process `instanceId`, still pending. */
async function pendingCharge(user: User, instanceId: string, reference = `gen-${++n}`) {
  const charged = await charge(app.database.db, user.id, AI_GENERATION, 1, reference, { instanceId });
  expect(charged.ok).toBe(true);
  return reference;
}

const ledger = async (user: User) => (await listLedger(app.database.db, user.id, { limit: 50, offset: 0 })).rows;
const pendingRefs = async () => (await listPendingCharges(app.database.db)).map((c) => c.reference);

describe("recoverInterruptedWork", () => {
  it("refunds a charge of a process that died on this host, once, with a ledger note and the charge's reference", async () => {
    const user = await userWith(5);
    await processRecord("crashed", { pid: deadPid, seenAt: Date.now() });
    const reference = await pendingCharge(user, "crashed");
    expect(await balanceOf(app.database.db, user.id)).toBe(4);

    const recovered = await recoverInterruptedWork(app);
    expect(recovered.refunds).toContainEqual({ reference, userId: user.id, amount: 1, reason: "restart" });
    expect(await balanceOf(app.database.db, user.id)).toBe(5);
    const refund = (await ledger(user)).find((r) => r.kind === "refund");
    expect(refund).toMatchObject({ reference, delta: 1, note: "refund: interrupted by a restart", balanceAfter: 5 });
    expect(await pendingRefs()).not.toContain(reference);

    // Again, and through the other refund path: nothing more.
    expect((await recoverInterruptedWork(app)).refunds.map((r) => r.reference)).not.toContain(reference);
    expect(await refundPendingCharge(app.database.db, { reference, userId: user.id, action: AI_GENERATION, amount: 1 })).toBe(false);
    expect(await balanceOf(app.database.db, user.id)).toBe(5);
    expect((await ledger(user)).filter((r) => r.kind === "refund")).toHaveLength(1);
  });

  it("refunds a charge whose process left no record", async () => {
    const user = await userWith(5);
    const reference = await pendingCharge(user, "never-seen");
    await recoverInterruptedWork(app);
    expect(await balanceOf(app.database.db, user.id)).toBe(5);
    expect(await pendingRefs()).not.toContain(reference);
  });

  it("leaves the charge of a live process alone: on this host (its pid runs), or on another host with a fresh heartbeat", async () => {
    const user = await userWith(5);
    await processRecord("sibling", { pid: process.ppid, seenAt: Date.now() });
    await processRecord("elsewhere", { host: "another-host", pid: deadPid, seenAt: Date.now() });
    const sibling = await pendingCharge(user, "sibling");
    const elsewhere = await pendingCharge(user, "elsewhere");

    await recoverInterruptedWork(app);
    expect(await pendingRefs()).toEqual(expect.arrayContaining([sibling, elsewhere]));
    expect(await balanceOf(app.database.db, user.id)).toBe(3);

    // Once their heartbeats are older than the lease, they are gone ("silent").
    const later = Date.now() + LEASE_MS + 1000;
    const recovered = await recoverInterruptedWork(app, later);
    expect(
      recovered.refunds
        .filter((r) => r.userId === user.id)
        .map((r) => [r.reference, r.reason])
        .sort(),
    ).toEqual(
      [
        [sibling, "silent"],
        [elsewhere, "silent"],
      ].sort(),
    );
    expect(await balanceOf(app.database.db, user.id)).toBe(5);
    expect((await ledger(user)).filter((r) => r.kind === "refund").map((r) => r.note)).toEqual([
      "refund: interrupted (the server running it stopped answering)",
      "refund: interrupted (the server running it stopped answering)",
    ]);
  });

  it("never touches a generation running in this process; its own outcome settles it", async () => {
    const user = await userWith(5);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reference = "";
    const running = withCharge(app, user, async ({ generationId }) => {
      reference = generationId;
      await gate;
      return { ok: true, value: "email", keepCharge: true };
    });
    await waitUntil(() => reference, { what: "the generation to start", intervalMs: 1 });
    expect(await pendingRefs()).toContain(reference);

    await recoverInterruptedWork(app, Date.now() + 10 * LEASE_MS);
    expect(await pendingRefs()).toContain(reference);
    expect(await balanceOf(app.database.db, user.id)).toBe(4);

    release();
    expect(await running).toMatchObject({ ok: true, charged: 1 });
    expect(await pendingRefs()).not.toContain(reference); // kept: settled
    await recoverInterruptedWork(app);
    expect(await balanceOf(app.database.db, user.id)).toBe(4);
    expect((await ledger(user)).map((r) => r.kind).sort()).toEqual(["charge", "initial"]);
  });

  it("a refund by withCharge settles the marker too", async () => {
    const user = await userWith(5);
    await withCharge(app, user, async () => ({ ok: false, status: 502, error: "model down" }));
    expect(await balanceOf(app.database.db, user.id)).toBe(5);
    expect((await listPendingCharges(app.database.db)).filter((c) => c.userId === user.id)).toEqual([]);
    expect((await ledger(user)).find((r) => r.kind === "refund")?.note).toBeNull();
  });

  it("finalizes a page eval run whose process is gone; leaves runs of live processes and client-driven runs running", async () => {
    const db = app.database.db;
    await processRecord("eval-crashed", { pid: deadPid, seenAt: Date.now() });
    await processRecord("eval-alive", { pid: process.ppid, seenAt: Date.now() });
    const cut = await insertRun(db, { label: "cut", promptSetVersion: "v1", promptCount: 3, runnerInstanceId: "eval-crashed" });
    const alive = await insertRun(db, { label: "alive", promptSetVersion: "v1", promptCount: 3, runnerInstanceId: "eval-alive" });
    const mine = await insertRun(db, { label: "mine", promptSetVersion: "v1", promptCount: 3, runnerInstanceId: me.id });
    const cli = await insertRun(db, { label: "cli", promptSetVersion: "v1", promptCount: 3 });

    const recovered = await recoverInterruptedWork(app);
    expect(recovered.evalRuns).toEqual([cut.id]);
    expect(await findRun(db, cut.id)).toMatchObject({ status: "complete", resultCount: 0, promptCount: 3 });
    for (const run of [alive, mine, cli]) expect((await findRun(db, run.id))?.status).toBe("running");
  });
});

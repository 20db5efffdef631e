// /healthz when the database file stops taking writes under a running server (a file system
// remounted read-only after errors, a file made immutable): reads still work, every write fails.
//
// The tests run as root, and root ignores file permissions; a permission change would not stop an
// already-open file anyway. `chattr +i` does both: once the database file and its WAL are
// immutable, even root's already-open descriptors get EPERM on write, so SQLite's commits fail
// with SQLITE_IOERR_WRITE — what a read-only remount does too. Needs root (CAP_LINUX_IMMUTABLE) and
// ext4/xfs/btrfs; the test fails, loudly, anywhere it cannot make the file immutable.
// (healthz-readonly-remote.test.ts covers a database that is opened read-only: SQLITE_READONLY.)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server";

let server: TestServer;
const file = process.env.DATABASE_URL!.slice("file:".length);
const files = [file, `${file}-wal`];
let immutable = false;

function chattr(flag: "+i" | "-i"): void {
  execFileSync("chattr", [flag, ...files], { stdio: "pipe" });
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.database.client.execute("SELECT count(*) FROM users");
  for (const f of files) if (!fs.existsSync(f)) throw new Error(`${f} does not exist: is the database in WAL mode?`);
  try {
    chattr("+i");
    immutable = true;
  } catch (e) {
    throw new Error(
      `could not make the database read-only with chattr +i (needs root with CAP_LINUX_IMMUTABLE on ext4/xfs/btrfs): ${String(e)}`,
    );
  }
});

afterAll(async () => {
  if (immutable) chattr("-i");
  await server?.close();
});

describe("/healthz on a database whose writes fail", () => {
  it("the file really refuses writes: reads work, a write fails even for root", async () => {
    expect(() => fs.openSync(file, "r+")).toThrow(/EPERM/);
    const client = server.app.database.client;
    expect(Number((await client.execute("SELECT count(*) AS n FROM users")).rows[0].n)).toBeGreaterThan(0);
    await expect(
      client.execute({ sql: "INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)", args: ["w", Date.now()] }),
    ).rejects.toMatchObject({
      code: expect.stringMatching(/^SQLITE_IOERR/),
    });
  });

  it("answers 503 degraded: reachable, not writable, and why", async () => {
    const res = await server.fetch("/healthz");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: "degraded",
      database: { reachable: true, writable: false, error: expect.stringMatching(/I\/O error/i) },
      migrations: { upToDate: true },
    });
  });

  it("is ok again once writes go through", async () => {
    chattr("-i");
    immutable = false;
    const res = await server.fetch("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: { reachable: true, writable: true } });
  });
});

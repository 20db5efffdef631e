// /healthz against a libSQL server (the local Hrana stand-in) whose database file is read-only:
// the server opens a connection per stream, and once the file cannot be opened for writing SQLite
// opens it read-only, so reads work and every write fails with SQLITE_READONLY.
//
// As root, chmod 0444 stops nothing (root ignores permissions), so the file is made immutable with
// `chattr +i` (CAP_LINUX_IMMUTABLE, ext4/xfs/btrfs); as any other user chmod 0444 does the same job.
// The test first proves the file cannot be opened for writing, and fails loudly if it can.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHranaServer, type HranaServer } from "../helpers/hrana-server";
import { startTestServer, type TestServer } from "../helpers/server";
import { waitUntil } from "../helpers/wait";

const TOKEN = "readonly-remote-token-0123456789";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-readonly-remote-"));
const file = path.join(dir, "server.db");
let hrana: HranaServer;
let server: TestServer;
let immutable = false;

function writableByMe(): boolean {
  try {
    fs.closeSync(fs.openSync(file, "r+"));
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  // Idle streams close quickly: a stream opened while the file was writable keeps a writable connection.
  hrana = await startHranaServer({ file, authToken: TOKEN, streamIdleMs: 300 });
  process.env.DATABASE_URL = hrana.url;
  process.env.DATABASE_AUTH_TOKEN = TOKEN;
  // Start-up migrates and creates the admin while the file can still be written.
  server = await startTestServer();
  if (process.getuid?.() === 0) {
    execFileSync("chattr", ["+i", file], { stdio: "pipe" });
    immutable = true;
  } else {
    fs.chmodSync(file, 0o444);
  }
  if (writableByMe()) throw new Error(`could not make ${file} read-only (chattr +i as root, chmod 0444 otherwise)`);
  // Start-up's own streams (migrations, seeding, the first job runs) opened the file for writing:
  // only streams opened from now on see it read-only, as a server restarted on such a file would.
  await waitUntil(() => hrana.stats.openStreams() === 0, { what: "the streams opened while the file was writable to close" });
});

afterAll(async () => {
  await server?.close();
  await hrana?.close();
  if (immutable) execFileSync("chattr", ["-i", file], { stdio: "pipe" });
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("/healthz on a libSQL server with a read-only database", () => {
  it("the database is really read-only: reads work, writes fail", async () => {
    const client = server.app.database.client;
    expect(client.protocol).toBe("http");
    expect(Number((await client.execute("SELECT count(*) AS n FROM users")).rows[0].n)).toBeGreaterThan(0);
    await expect(
      client.execute({ sql: "INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)", args: ["w", Date.now()] }),
    ).rejects.toThrow(/readonly/i);
  });

  it("answers 503 degraded: reachable, not writable, and why", async () => {
    const res = await server.fetch("/healthz");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: "degraded",
      database: { reachable: true, writable: false, error: expect.stringMatching(/readonly/i) },
      migrations: { upToDate: true },
    });
  });
});

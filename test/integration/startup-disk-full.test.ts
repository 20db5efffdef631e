// The server starts on a database that is already full, as after a crash, a deploy or a host
// restart while the disk is full: a killed process left a pending charge and a running page eval
// run, and every write now needs room the database does not have (test/helpers/full-database.ts,
// on the server's own connection, set before start-up). The server comes up anyway: /healthz says
// "disk full", reads and sign-in work while their rows fit, writes answer 503 with Retry-After,
// and the start-up work the database refused is done by its job once there is room again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { AI_GENERATION, charge } from "~/models/credits.server";
import { holdDatabaseFull, makeRoom, needRoom } from "../helpers/full-database";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PASSWORD = "correct horse battery";
/** A server process with no record left: killed before this start (ADR 021). */
const GONE = "process-killed-before-this-start";
const CUT_OFF_CHARGE = "generation-cut-off-by-a-kill";
const CUT_OFF_RUN = "eval-run-cut-off-by-a-kill";
const CREDITS = 10;

let server: TestServer;
let admin: { id: string; email: string; token: string };

beforeAll(async () => {
  server = await startTestServer(
    { EMAIL_PROVIDER: "outbox" },
    {
      async beforeBootstrap(app) {
        const { client, db } = app.database;
        await migrate(client);
        admin = await createUserWithToken({ app } as TestServer, { admin: true, credits: CREDITS });
        expect((await charge(db as never, admin.id, AI_GENERATION, 1, CUT_OFF_CHARGE, { instanceId: GONE })).ok).toBe(true);
        await client.execute({
          sql: "INSERT INTO eval_runs (id, label, prompt_set_version, prompt_count, runner_instance_id) VALUES (?, 'cut off', 'prompts.v1', 3, ?)",
          args: [CUT_OFF_RUN, GONE],
        });
        // Sign-in's rows (its session, its throttle's counters) still fit in pages their tables have.
        await holdDatabaseFull(client, { spare: ["page_sessions", "rate_limits"] });
      },
    },
  );
}, 180_000); // the build, a server start and the fill: over a minute on a loaded 2-core machine
afterAll(() => server?.close());

const sql = (statement: string, args: (string | number)[] = []) => server.app.database.client.execute({ sql: statement, args });
const one = async (statement: string, args: (string | number)[] = []) => (await sql(statement, args)).rows[0];
const balance = async () => Number((await one("SELECT balance FROM credit_balances WHERE user_id = ?", [admin.id])).balance);
const runJob = (name: string) => server.build.entry.module.runJobNow(server.app, name);

describe("a server started on a full database", () => {
  it("comes up, and /healthz answers 503 disk full", async () => {
    const res = await server.fetch("/healthz");
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "degraded", reason: "disk full", database: { reachable: true } });
  });

  it("serves reads: an API read and a page", async () => {
    const me = await server.fetch("/api/me", { token: admin.token });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email: admin.email } });
    const login = await new PageClient(server).get("/login");
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("Sign in");
  });

  it("signs in while the session fits, and answers a clean 503 when it cannot be stored", async () => {
    const browser = new PageClient(server);
    expect((await browser.signIn(admin.email, PASSWORD)).status).toBe(302);
    const page = await browser.get("/admin");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(admin.email);

    await needRoom(server.app.database.client, "page_sessions");
    await needRoom(server.app.database.client, "rate_limits");
    const late = new PageClient(server);
    const refused = await late.signIn(admin.email, PASSWORD);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.text()).toContain("The server cannot save anything right now");
    // Not signed in: the page sends the visitor to sign in.
    expect((await late.get("/admin")).status).toBe(302);
    // The session made before keeps reading.
    expect((await browser.get("/admin")).status).toBe(200);
  });

  it("answers a write 503 with Retry-After, changing nothing", async () => {
    const before = Number((await one("SELECT count(*) AS n FROM feedback")).n);
    const res = await server.fetch("/api/admin/submit-feedback", {
      method: "POST",
      token: admin.token,
      json: { prompt: "Spring sale", rating: "up" },
    });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(await res.json()).toMatchObject({ success: false, retry_after_seconds: 60 });
    expect(Number((await one("SELECT count(*) AS n FROM feedback")).n)).toBe(before);
  });

  it("finishes its recovery once there is room: the cut-off charge refunded, the run finalized, this process registered", async () => {
    // Still full: the retry is refused again, and nothing is settled half-way.
    await runJob("postponed-start-up");
    expect(await balance()).toBe(CREDITS - 1);
    expect(Number((await one("SELECT count(*) AS n FROM pending_charges")).n)).toBe(1);
    expect((await one("SELECT status FROM eval_runs WHERE id = ?", [CUT_OFF_RUN])).status).toBe("running");

    await makeRoom(server.app.database.client);
    await runJob("postponed-start-up");
    expect(await balance()).toBe(CREDITS);
    expect(Number((await one("SELECT count(*) AS n FROM pending_charges")).n)).toBe(0);
    expect(await one("SELECT delta, note FROM credit_ledger WHERE kind = 'refund' AND reference = ?", [CUT_OFF_CHARGE])).toMatchObject({
      delta: 1,
      note: "refund: interrupted by a restart",
    });
    expect((await one("SELECT status FROM eval_runs WHERE id = ?", [CUT_OFF_RUN])).status).toBe("complete");
    expect(Number((await one("SELECT count(*) AS n FROM server_instances WHERE pid = ?", [process.pid])).n)).toBe(1);

    const health = await server.fetch("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    // Writes go through again.
    const res = await server.fetch("/api/admin/submit-feedback", {
      method: "POST",
      token: admin.token,
      json: { prompt: "Spring sale", rating: "up" },
    });
    expect(res.status).toBe(200);
  });
});

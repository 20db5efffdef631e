// No acknowledged send outcome is lost to a crash. Another process holds the
// database's write lock while the provider answers 40 sends, so their outcomes cannot reach the
// database; the server answers them, is killed (SIGKILL) before the lock is released, and is
// restarted on the same data: every send it acknowledged is `sent` with the provider's id.
import path from "node:path";
import { startHttp } from "~/adapters/email-provider/testing/http";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";
import { holdWriteLock, type HeldWriteLock } from "../helpers/write-lock";

const SENDS = 40;

describe("the server is killed while a held write lock keeps acknowledged outcomes out of the database", () => {
  it("finds every acknowledged outcome after a restart on the same data", async () => {
    // The provider holds its answers until the lock is taken: by then every send is stored as
    // `sending`, and only the outcome write meets the lock.
    let answer!: () => void;
    const lockTaken = new Promise<void>((resolve) => (answer = resolve));
    let received = 0;
    let allReceived!: () => void;
    const everySendReceived = new Promise<void>((resolve) => (allReceived = resolve));
    const resend = await startHttp(async (req) => {
      const { to } = JSON.parse(req.body.toString("utf8")) as { to: string };
      if (++received === SENDS) allReceived();
      await lockTaken;
      return { status: 200, body: { id: `provider-${to}` } };
    });
    const env = { EMAIL_PROVIDER: "resend", RESEND_API_KEY: "re_test", RESEND_BASE_URL: resend.url, DB_BUSY_TIMEOUT_MS: "200" };
    const first = await startServerProcess(env);
    let server: ServerProcess | undefined = first;
    const dataDir = first.dataDir;
    let holder: HeldWriteLock | undefined;
    let restarted: ServerProcess | undefined;
    try {
      const { url, token } = server;
      const responses = Array.from({ length: SENDS }, (_, i) =>
        fetch(`${url}/api/send-email-esp`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ to: `crash-${i}@example.com`, subject: `Crash ${i}`, html: `<p>Message ${i}</p>` }),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { sendId?: string } })),
      );
      await everySendReceived;
      holder = await holdWriteLock(path.join(dataDir, "bench.db"));
      answer();
      const answered = await Promise.all(responses);
      // Everything so far happened under the lock; now the crash, before it is released.
      expect(holder.child.exitCode).toBeNull();
      await server.kill("SIGKILL");
      server = undefined;
      await holder.release();

      const acknowledged = answered.filter((r) => r.status === 200).map((r, i) => ({ sendId: r.body.sendId!, i }));
      // The provider took all 40, so each is answered as sent: nothing here may be refused.
      expect(answered.map((r) => r.status)).toEqual(Array(SENDS).fill(200));

      restarted = await startServerProcess(env, { dataDir });
      const rows = await restarted.db().execute("SELECT id, recipient, status, provider_id FROM email_sends");
      const byId = new Map(rows.rows.map((r) => [String(r.id), r]));
      for (const { sendId } of acknowledged) {
        const row = byId.get(sendId);
        expect(row, sendId).toBeDefined();
        expect({ status: row!.status, providerId: row!.provider_id }).toEqual({
          status: "sent",
          providerId: `provider-${String(row!.recipient)}`,
        });
      }
      expect(acknowledged).toHaveLength(SENDS);
      // Each message went to the provider once.
      expect(resend.requests).toHaveLength(SENDS);

      // And the API shows them as sent.
      const one = await fetch(`${restarted.url}/api/sends/${acknowledged[0].sendId}`, {
        headers: { authorization: `Bearer ${restarted.token}` },
      });
      expect(((await one.json()) as { send: { status: string } }).send.status).toBe("sent");
    } finally {
      await holder?.release();
      await restarted?.stop();
      await first.stop(); // its data folder, which the restart shared, goes with it
      await resend.close();
    }
  }, 180_000); // two server starts and 40 sends: over a minute on a busy machine
});

// The out-of-process server helper itself: it serves, survives a SIGKILL's data, and restarts on it.
import { startServerProcess } from "../helpers/server-process";

describe("a server in its own process", () => {
  it("serves, is killed, and restarts on the same data with the same user", async () => {
    const first = await startServerProcess();
    let restarted = false;
    try {
      const health = await fetch(`${first.url}/healthz`);
      expect(health.status).toBe(200);
      const me = await fetch(`${first.url}/api/me`, { headers: { Authorization: `Bearer ${first.token}` } });
      expect(me.status).toBe(200);
      await first.kill("SIGKILL");
      expect(first.child.signalCode).toBe("SIGKILL");
      const second = await startServerProcess({}, { dataDir: first.dataDir });
      try {
        const again = await fetch(`${second.url}/api/me`, { headers: { Authorization: `Bearer ${second.token}` } });
        expect(((await again.json()) as { user: { email: string } }).user.email).toBe("bench@sender.example");
        restarted = true;
      } finally {
        await second.kill();
      }
    } finally {
      await first.stop();
    }
    expect(restarted).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { LEASE_MS, interruptedRefundNote, ownerGone } from "./owner";

const self = { id: "me", host: "box pid:[1]", pid: 100 };
const now = 1_000_000_000;
const running = (pids: number[]) => (pid: number) => pids.includes(pid);

describe("ownerGone", () => {
  it("never judges this process's own work", () => {
    expect(ownerGone({ id: "me", host: self.host, pid: 100, seenAt: 0 }, self, now, running([]))).toBeNull();
  });

  it("an owner without a record is gone", () => {
    expect(ownerGone(null, self, now, running([]))).toBe("restart");
  });

  it("same host: gone at once when its pid is ours or no process has it, whatever its heartbeat", () => {
    expect(ownerGone({ id: "old", host: self.host, pid: 100, seenAt: now }, self, now, running([100]))).toBe("restart");
    expect(ownerGone({ id: "old", host: self.host, pid: 42, seenAt: now }, self, now, running([100]))).toBe("restart");
  });

  it("same host, pid running: alive until its heartbeat is older than the lease", () => {
    const owner = { id: "other", host: self.host, pid: 42, seenAt: now - 1000 };
    expect(ownerGone(owner, self, now, running([42]))).toBeNull();
    expect(ownerGone(owner, self, owner.seenAt + LEASE_MS, running([42]))).toBeNull();
    expect(ownerGone(owner, self, owner.seenAt + LEASE_MS + 1, running([42]))).toBe("silent");
  });

  it("another host (or PID namespace): the pid says nothing, only the heartbeat counts", () => {
    const owner = { id: "other", host: "box pid:[2]", pid: 42, seenAt: now };
    expect(ownerGone(owner, self, now + 5000, running([]))).toBeNull();
    expect(ownerGone({ ...owner, pid: 100 }, self, now + 5000, running([]))).toBeNull();
    expect(ownerGone(owner, self, now + LEASE_MS + 1, running([]))).toBe("silent");
  });

  it("says why in the ledger", () => {
    expect(interruptedRefundNote("restart")).toBe("refund: interrupted by a restart");
    expect(interruptedRefundNote("silent")).toMatch(/^refund: interrupted/);
  });
});

// Who this server process is, for other processes sharing the database: a fresh id per start,
// the host it runs on and its pid. A pid names a process only within one PID namespace of one
// host (two containers on one machine each have a pid 1), so the host key carries both.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";

export interface ProcessIdentity {
  id: string;
  host: string;
  pid: number;
  startedAt: number;
}

function hostKey(): string {
  let namespace = "";
  try {
    namespace = fs.readlinkSync("/proc/self/ns/pid"); // "pid:[4026531836]" on Linux
  } catch {
    // No /proc (not Linux): no PID namespaces either, the host name is enough.
  }
  return namespace ? `${os.hostname()} ${namespace}` : os.hostname();
}

const self: ProcessIdentity = Object.freeze({ id: crypto.randomUUID(), host: hostKey(), pid: process.pid, startedAt: Date.now() });

export function processIdentity(): ProcessIdentity {
  return self;
}

/** Whether a process with this pid exists on this host (in this PID namespace). */
export function pidRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

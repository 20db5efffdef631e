// A second process (hold-write-lock.cjs) that takes a database's write lock and keeps it until
// told to let go: how the tests put the server beside a CLI or backup holding the lock.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { waitUntil } from "./wait";

export interface HeldWriteLock {
  child: ChildProcessWithoutNullStreams;
  release(): Promise<void>;
}

export async function holdWriteLock(dbFile: string): Promise<HeldWriteLock> {
  const child = spawn(process.execPath, [path.resolve("test/helpers/hold-write-lock.cjs"), dbFile]);
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  await waitUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`lock holder exited with ${child.exitCode}`);
      return out.includes("locked");
    },
    { what: "the lock holder to take the write lock", intervalMs: 10 },
  );
  return {
    child,
    async release() {
      if (child.exitCode !== null) return;
      const exited = once(child, "exit");
      child.stdin.end("release\n");
      await exited;
    },
  };
}

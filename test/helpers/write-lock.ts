// A second process (hold-write-lock.cjs) that takes a database's write lock and keeps it until
// told to let go: how the tests put the server beside a CLI or backup holding the lock.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

export interface HeldWriteLock {
  child: ChildProcessWithoutNullStreams;
  release(): Promise<void>;
}

export async function holdWriteLock(dbFile: string): Promise<HeldWriteLock> {
  const child = spawn(process.execPath, [path.resolve("test/helpers/hold-write-lock.cjs"), dbFile]);
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  while (!out.includes("locked")) {
    const [code] = await Promise.race([once(child.stdout, "data"), once(child, "exit")]);
    if (typeof code === "number") throw new Error(`lock holder exited with ${code}`);
  }
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

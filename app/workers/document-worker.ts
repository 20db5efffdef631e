// The document worker's message loop (app/workers/off-thread.server.ts). The build bundles it as
// <build>/server/document-worker.js; from sources (tests) document-worker.cjs loads it through tsx.
import { parentPort } from "node:worker_threads";
import { documentTasks } from "./document-tasks";

parentPort?.on("message", ({ id, task, input }: { id: number; task: string; input: unknown }) => {
  try {
    const run = (documentTasks as unknown as Record<string, ((i: unknown) => unknown) | undefined>)[task];
    if (typeof run !== "function") throw new Error(`unknown document task: ${task}`);
    parentPort!.postMessage({ id, ok: true, value: run(input) });
  } catch (error) {
    parentPort!.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

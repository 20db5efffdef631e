import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { documentTasks, type DocumentTasks } from "~/workers/document-tasks";

/**
 * Below this many characters a document task costs less than ~30 ms and runs where it is called;
 * from here on it runs on the document worker, so the event loop keeps answering other requests
 * (docs/security.md "Stalls"). Library documents have no size cap (docs/api.md "Contract limits"), and their auto-tag and
 * AMP validation take about 1 s per MB.
 */
export const OFF_THREAD_MIN_CHARS = 64_000;

type TaskName = keyof DocumentTasks;
type TaskInput<K extends TaskName> = Parameters<DocumentTasks[K]>[0];
type TaskOutput<K extends TaskName> = ReturnType<DocumentTasks[K]>;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const WORKER_FILE = path.join("app", "workers", "document-worker.cjs");
/** The bundled worker, beside the server build (<build>/server/index.js); see scripts/build.mjs. */
const BUILT_WORKER_FILE = "document-worker.js";

/** The worker's entry: the bundle beside the server build, else the sources' (tests), found from this module up. */
function workerEntry(): string | null {
  const built = path.join(__dirname, BUILT_WORKER_FILE);
  if (fs.existsSync(built)) return built;
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, WORKER_FILE);
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/** A task that failed inside the worker, as it would have failed here. */
class TaskError extends Error {}

let worker: Worker | null = null;
let unavailable = false;
const pending = new Map<number, Pending>();
let nextId = 1;
const counts = { onWorker: 0, here: 0 };

/** How many tasks ran on the worker and here since start (tests, diagnostics). */
export function documentTaskCounts(): Readonly<typeof counts> {
  return { ...counts };
}

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function startWorker(): Worker | null {
  if (worker) return worker;
  if (unavailable) return null;
  const entry = workerEntry();
  if (!entry) {
    unavailable = true;
    return null;
  }
  const w = new Worker(entry);
  w.unref();
  w.on("message", (msg: { id: number; ok: boolean; value?: unknown; message?: string }) => {
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (pending.size === 0) w.unref();
    if (msg.ok) {
      counts.onWorker++;
      p.resolve(msg.value);
    } else p.reject(new TaskError(msg.message ?? "document task failed"));
  });
  w.on("error", (error) => {
    if (worker === w) worker = null;
    failAll(error);
  });
  w.on("exit", (code) => {
    if (worker === w) worker = null;
    failAll(new Error(`document worker exited with code ${code}`));
  });
  worker = w;
  return w;
}

/**
 * Runs a document task (app/workers/document-tasks.ts) on the worker thread when `size` is at
 * least OFF_THREAD_MIN_CHARS, else here. If the worker cannot start or dies, the task runs here:
 * slower for everyone for a moment, but the request still gets its right answer.
 */
export async function runDocumentTask<K extends TaskName>(task: K, input: TaskInput<K>, size: number): Promise<TaskOutput<K>> {
  const runHere = () => {
    counts.here++;
    return (documentTasks[task] as (i: TaskInput<K>) => TaskOutput<K>)(input);
  };
  if (size < OFF_THREAD_MIN_CHARS) return runHere();
  const w = startWorker();
  if (!w) return runHere();
  const id = nextId++;
  try {
    return await new Promise<TaskOutput<K>>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      w.ref();
      w.postMessage({ id, task, input });
    });
  } catch (error) {
    if (error instanceof TaskError) throw error;
    return runHere();
  }
}

/** Stops the worker (tests, shutdown). The next large task starts a new one. */
export async function stopDocumentWorker(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}

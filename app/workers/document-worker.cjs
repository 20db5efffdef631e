"use strict";
// Entry of the document worker (app/workers/off-thread.server.ts). The server runs its TypeScript
// through tsx, so the worker registers tsx too and loads the same source modules.
const path = require("node:path");
const { parentPort } = require("node:worker_threads");
const { register } = require("tsx/cjs/api");

// The `~/` imports resolve through the project's tsconfig wherever the process was started.
process.env.TSX_TSCONFIG_PATH = path.resolve(__dirname, "../../tsconfig.json");
register();
const { documentTasks } = require("./document-tasks.ts");

parentPort.on("message", ({ id, task, input }) => {
  try {
    const run = documentTasks[task];
    if (typeof run !== "function") throw new Error(`unknown document task: ${task}`);
    parentPort.postMessage({ id, ok: true, value: run(input) });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

import crypto from "node:crypto";
import type { TestProject } from "vitest/node";
import { endTestRun } from "./helpers/test-build";

// A name for this vitest run. The HTTP test helpers build the app (test/helpers/test-build.ts)
// only when a file starts a server, and at most once per run: the run's files share the build.
export default function setup(project: TestProject) {
  const runId = crypto.randomUUID();
  project.provide("testRunId", runId);
  // Watch mode: each rerun checks the build again (a source may have changed since).
  project.onTestsRerun(() => endTestRun(runId));
  return () => endTestRun(runId);
}

declare module "vitest" {
  export interface ProvidedContext {
    testRunId: string;
  }
}

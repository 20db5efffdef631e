import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

// One build folder per vitest run, so concurrent runs never overwrite each other's build.
// The HTTP test helper builds into it lazily, only when a test file starts a server.
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-build-"));
  project.provide("buildDir", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
  }
}

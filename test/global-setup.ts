import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

// One build folder per vitest run (inside the repo, so the bundle resolves node_modules), so
// concurrent runs never overwrite each other's build. The HTTP test helper builds into it lazily,
// only when a test file starts a server.
export default function setup(project: TestProject) {
  const dir = path.resolve(".cache/test-builds", crypto.randomUUID());
  fs.mkdirSync(dir, { recursive: true });
  project.provide("buildDir", dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
  }
}

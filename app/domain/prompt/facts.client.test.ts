// The prompt parser loads compromise, chrono-node and franc-min (about 1 MB): none of it may reach
// the browser bundle. Client code reads the facts' constants from facts/types, which imports nothing.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx$/.test(e.name) && !/\.(test|server)\.tsx$/.test(e.name) ? [full] : [];
  });
}

describe("the prompt facts in client code", () => {
  it("keeps facts/types free of imports", () => {
    const types = fs.readFileSync(path.join(root, "app/domain/prompt/facts/types.ts"), "utf8");
    // A type-only import is erased when compiled: nothing of it reaches the bundle.
    expect(types).not.toMatch(/^\s*import\s+(?!type\s)/m);
  });

  // Page routes and components (.tsx); resource routes (.ts) run on the server only.
  it("has no page route or component import the parser or an NLP library", () => {
    const offenders = ["app/routes", "app/components", "app/root.tsx"]
      .map((p) => path.join(root, p))
      .filter((p) => fs.existsSync(p))
      .flatMap((p) => (fs.statSync(p).isDirectory() ? sourceFiles(p) : [p]))
      .filter((file) =>
        /from\s+["'](?:~\/domain\/prompt(?:\/facts)?|compromise[^"']*|chrono-node[^"']*|franc-min)["']/.test(fs.readFileSync(file, "utf8")),
      )
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});

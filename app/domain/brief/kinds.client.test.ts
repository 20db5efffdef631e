// The brief reader loads chrono-node, franc-min, linkify-it and its cue tables: none of it may reach
// the browser bundle. Client code reads the brief's vocabularies from kinds.ts, which imports nothing.
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

describe("the brief's constants in client code", () => {
  it("keeps kinds.ts free of imports", () => {
    expect(fs.readFileSync(path.join(root, "app/domain/brief/kinds.ts"), "utf8")).not.toMatch(/^\s*import\s/m);
  });

  // Page routes and components (.tsx); resource routes (.ts) run on the server only.
  it("has no page route or component import the reader, the technique chooser or an NLP library", () => {
    const offenders = ["app/routes", "app/components", "app/root.tsx"]
      .map((p) => path.join(root, p))
      .filter((p) => fs.existsSync(p))
      .flatMap((p) => (fs.statSync(p).isDirectory() ? sourceFiles(p) : [p]))
      .filter((file) =>
        /from\s+["'](?:~\/domain\/reader[^"']*|~\/domain\/brief\/(?:techniques|typed|warm-up)|chrono-node[^"']*|franc-min|linkify-it)["']/.test(
          fs.readFileSync(file, "utf8"),
        ),
      )
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});

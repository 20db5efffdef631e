// The repository stands alone: no code, test, script or doc points at a file outside it (the
// planning notes the project started from, a shared folder beside the checkout, the machine's
// work directory). What a maintainer needs is in docs/ (docs/conventions.md, rule 16).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");

// Built from parts so that this file does not name what it looks for.
const MD = "\\.md";
const OUTSIDE: { name: string; pattern: RegExp }[] = [
  { name: "the planning spec", pattern: new RegExp(`\\bSPEC${MD}`, "i") },
  { name: "the planning design", pattern: new RegExp(`\\bDESIGN${MD}`, "i") },
  { name: "a shared folder beside the repository", pattern: new RegExp(["\\.\\.", "shared"].join("/")) },
  { name: "the research notes", pattern: new RegExp(["shared", "research"].join("/")) },
  { name: "the machine's work directory", pattern: new RegExp(["", "work", ""].join("/")) },
  { name: "an issue of the project's tracker (say what it was instead)", pattern: new RegExp(`\\b${"issue"}s?\\s+#?\\d+`, "i") },
];

/** Data copied from other projects, whose own words name their own trackers. */
const VENDORED = ["scripts/amp-rules/upstream/"];

/** Tracked files, and new ones not yet committed (ignored files such as node_modules excluded). */
function repositoryFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .toString("utf8")
    .split("\0")
    .filter((f) => f && !f.split("/").includes("node_modules") && !VENDORED.some((v) => f.startsWith(v)));
}

/** `file:line: text` for every line naming a file outside the repository. */
function outsideReferences(file: string): string[] {
  const full = path.join(ROOT, file);
  let buffer: Buffer;
  try {
    buffer = fs.readFileSync(full);
  } catch {
    return []; // listed by git but deleted in the work tree
  }
  if (buffer.includes(0)) return []; // binary (images, fonts)
  const found: string[] = [];
  buffer
    .toString("utf8")
    .split("\n")
    .forEach((line, i) => {
      const hit = OUTSIDE.find((o) => o.pattern.test(line));
      if (hit) found.push(`${file}:${i + 1}: names ${hit.name}: ${line.trim().slice(0, 160)}`);
    });
  return found;
}

describe("the repository stands alone", () => {
  it("lists the repository's files", () => {
    const files = repositoryFiles();
    expect(files).toContain("docs/api.md");
    expect(files).toContain("CONTRIBUTING.md");
    expect(files.some((f) => f.startsWith("node_modules/"))).toBe(false);
  });

  it("the patterns find what they are for", () => {
    const sample = [
      `see ${"SPEC"}.md rule 1`,
      `${"DESIGN"}.md §4`,
      `../${"shared"}/x`,
      `${"shared"}/research/a.md`,
      `/${"work"}/main`,
      `(${"issue"} 23, item 3)`,
      `${"Issues"} #16 and 23`,
    ];
    for (const line of sample)
      expect(
        OUTSIDE.some((o) => o.pattern.test(line)),
        line,
      ).toBe(true);
    for (const line of [
      "docs/api/sending.md",
      "a design note",
      "the spec's table",
      "https://example.com/works/",
      "github.com/x/y/issues/12",
      "no issue here",
    ]) {
      expect(
        OUTSIDE.some((o) => o.pattern.test(line)),
        line,
      ).toBe(false);
    }
  });

  it("no file names a file outside the repository", () => {
    const found = repositoryFiles().flatMap(outsideReferences);
    expect(found, `Name the docs page that holds the rule instead:\n${found.join("\n")}`).toEqual([]);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildLayout, checkBuild, forgetBuild, recordBuild, type BuildLayout } from "./build-freshness";

let root: string;
let layout: BuildLayout;

const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

/** What scripts/build.mjs leaves behind: the server bundle naming the browser manifest, Vite's list of inputs, esbuild's metafiles. */
function fakeBuild() {
  write("out/server/index.js", 'module.exports = { url: "/assets/manifest-ab12cd34.js" };\n');
  write("out/client/assets/manifest-ab12cd34.js", "window.__remixManifest = {};\n");
  write("out/server/inputs.json", JSON.stringify({ inputs: ["app/root.tsx", "db/schema.ts"] }));
  const inputs = { "server/build.ts": {}, "node_modules/react/index.js": {}, "empty-module:~/lib/x.server": {}, "<stdin>": {} };
  write("out/metafile.start.json", JSON.stringify({ inputs, outputs: {} }));
}

/** Snapshot, build, record: what `npm start` does when the build is stale. */
function buildAndRecord() {
  const before = checkBuild(layout);
  forgetBuild(layout);
  fakeBuild();
  recordBuild(layout, before.inputs);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-freshness-"));
  write("app/root.tsx", "export default function Root() {}\n");
  write("app/routes/_index.tsx", "export default function Index() {}\n");
  write("app/routes/_index.test.ts", "it('is a test');\n");
  write("db/schema.ts", "export const users = {};\n");
  write("server/build.ts", "export {};\n");
  write("vite.config.ts", "export default {};\n");
  write("package.json", "{}\n");
  write("package-lock.json", "{}\n");
  write("tsconfig.json", "{}\n");
  process.env.KINETIC_BUILD_DIR = "out";
  layout = buildLayout(root);
});

const buildDirBefore = process.env.KINETIC_BUILD_DIR;
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
  if (buildDirBefore === undefined) delete process.env.KINETIC_BUILD_DIR;
  else process.env.KINETIC_BUILD_DIR = buildDirBefore;
});

describe("build freshness", () => {
  it("places the build in KINETIC_BUILD_DIR, else build/", () => {
    const out = path.join(root, "out");
    expect(layout).toEqual({
      root,
      buildDir: out,
      serverBuildFile: path.join(out, "server/index.js"),
      assetsDir: path.join(out, "client"),
    });
    delete process.env.KINETIC_BUILD_DIR;
    expect(buildLayout(root).serverBuildFile).toBe(path.join(root, "build/server/index.js"));
  });

  it("is fresh right after a recorded build", () => {
    buildAndRecord();
    expect(checkBuild(layout)).toMatchObject({ fresh: true });
  });

  it("keeps the build when a file is rewritten with the same content, or a test beside the sources changes", () => {
    buildAndRecord();
    write("app/root.tsx", "export default function Root() {}\n");
    write("app/routes/_index.test.ts", "it('is another test');\n");
    expect(checkBuild(layout)).toMatchObject({ fresh: true });
  });

  it("builds when a source file changed, and names it", () => {
    buildAndRecord();
    write("app/root.tsx", "export default function Root() { return null; }\n");
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "app/root.tsx changed" });
  });

  it("builds when a source file was added or removed", () => {
    buildAndRecord();
    write("app/routes/new.tsx", "export default function New() {}\n");
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "app/routes/new.tsx added" });
    buildAndRecord();
    fs.rmSync(path.join(root, "app/routes/new.tsx"));
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "app/routes/new.tsx removed" });
  });

  it("builds when an input outside app/ that the last build read changed (from Vite's list and esbuild's metafiles)", () => {
    buildAndRecord();
    write("db/schema.ts", "export const users = { id: 1 };\n");
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "db/schema.ts changed" });
    buildAndRecord();
    write("server/build.ts", "export const x = 1;\n");
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "server/build.ts changed" });
  });

  it("builds when the configuration changed", () => {
    buildAndRecord();
    write("package-lock.json", '{ "lockfileVersion": 3 }\n');
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "package-lock.json changed" });
    buildAndRecord();
    write("vite.config.ts", "export default { plugins: [] };\n");
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "vite.config.ts changed" });
  });

  it("names the first three changes and counts the rest", () => {
    buildAndRecord();
    for (const name of ["a", "b", "c", "d", "e"]) write(`app/${name}.ts`, name);
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "app/a.ts added, app/b.ts added, app/c.ts added and 2 more" });
  });

  it("builds when there is no record of an earlier build (a fresh clone)", () => {
    fakeBuild();
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "no record of an earlier build" });
  });

  it("builds when the record is unreadable", () => {
    buildAndRecord();
    for (const text of [
      "{ not json",
      "null",
      '{"version":1,"inputs":[],"assetsManifest":null}',
      '{"version":99,"inputs":{},"assetsManifest":null}',
    ]) {
      write("out/build-inputs.json", text);
      expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "the record of the last build is unreadable" });
    }
  });

  it("builds when the server build or the browser assets are missing", () => {
    buildAndRecord();
    fs.rmSync(path.join(root, "out/client"), { recursive: true });
    expect(checkBuild(layout)).toMatchObject({
      fresh: false,
      reason: "the browser assets (out/client/assets/manifest-ab12cd34.js) are missing",
    });
    buildAndRecord();
    fs.rmSync(path.join(root, "out/server/index.js"));
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "the server build out/server/index.js is missing" });
  });

  it("builds again after a source changed during the build (the snapshot is taken before it)", () => {
    const before = checkBuild(layout);
    fakeBuild();
    write("app/root.tsx", "export default function Root() { return 1; }\n");
    recordBuild(layout, before.inputs);
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "app/root.tsx changed" });
  });

  it("forgets the build before building, so a failed build is never taken for a current one", () => {
    buildAndRecord();
    forgetBuild(layout);
    expect(checkBuild(layout)).toMatchObject({ fresh: false, reason: "no record of an earlier build" });
  });
});

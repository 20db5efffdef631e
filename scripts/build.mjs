// `npm run build`: the whole production build into KINETIC_BUILD_DIR (default build/), as plain
// JavaScript (docs/decisions/031-vite-build.md):
//   freshness.js            scripts/lib/build-freshness.ts (scripts/start.cjs asks it whether to build)
//   client/                 the browser assets (Remix's Vite plugin), served under /assets/
//   server/index.js         the Remix server build (CommonJS), server/inputs.json the files it read
//   server/document-worker.js  the document worker (app/workers/document-worker.ts), bundled
//   start.js                scripts/start.ts with server/ (the HTTP server)
// The record of the inputs is written last, so a failed build is never taken for a current one.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import esbuild from "esbuild";

const require = createRequire(import.meta.url);
const root = process.cwd();
const buildDir = path.resolve(root, process.env.KINETIC_BUILD_DIR || "build");
const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
/** ESM-only dependencies the worker bundles (vite.config.ts bundles the same into the server build). */
const ESM_ONLY = new Set(["htmlparser2", "domutils", "css-select", "dom-serializer", "jose", "caniemail", "franc-min"]);

const common = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
  metafile: true,
};

async function compile(name, options) {
  const result = await esbuild.build({ ...common, ...options });
  fs.writeFileSync(path.join(buildDir, `metafile.${name}.json`), JSON.stringify(result.metafile));
}

const compileFreshness = () =>
  compile("freshness", {
    entryPoints: ["scripts/lib/build-freshness.ts"],
    outfile: path.join(buildDir, "freshness.js"),
    packages: "external",
  });

fs.mkdirSync(buildDir, { recursive: true });
await compileFreshness();
const freshness = require(path.join(buildDir, "freshness.js"));
const layout = freshness.buildLayout(root);
// Hashed before building: a file edited during the build makes the next start build again.
const { inputs } = freshness.checkBuild(layout);
freshness.forgetBuild(layout);

const remix = spawnSync(path.join(root, "node_modules/.bin/remix"), ["vite:build"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
if (remix.status !== 0) process.exit(remix.status || 1);

// Remix's build empties the build folder first.
await compileFreshness();
await compile("worker", {
  entryPoints: ["app/workers/document-worker.ts"],
  outfile: path.join(buildDir, "server", "document-worker.js"),
  external: Object.keys(pkg.dependencies).filter((d) => !ESM_ONLY.has(d)),
});
await compile("start", { entryPoints: ["scripts/start.ts"], outfile: path.join(buildDir, "start.js"), packages: "external" });
freshness.recordBuild(layout, inputs);

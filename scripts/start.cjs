"use strict";
// `npm start`: builds when the sources changed since the last build (scripts/lib/build-freshness.ts,
// compiled beside the build), then runs the compiled server (<build>/start.js). Plain JavaScript
// run by node: nothing compiles TypeScript at run time.
const { spawnSync } = require("node:child_process");
const path = require("node:path");

const buildDir = process.env.KINETIC_BUILD_DIR || "build";

/** Why the build must be made again, or null when it is current. */
function staleness() {
  let freshness;
  try {
    freshness = require(path.resolve(buildDir, "freshness.js"));
  } catch {
    return "no earlier build";
  }
  const state = freshness.checkBuild(freshness.buildLayout(process.cwd()));
  return state.fresh ? null : state.reason;
}

const reason = staleness();
if (reason) {
  console.log(`Building the app into ${buildDir}/ (${reason})…`);
  const result = spawnSync(process.execPath, [path.join(__dirname, "build.mjs")], { stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`\nThe build failed${result.error ? `: ${result.error.message}` : ""}; fix the error above and start again.`);
    process.exit(result.status || 1);
  }
} else {
  console.log(`Using the build in ${buildDir}/: nothing it was built from has changed.`);
}
require(path.resolve(buildDir, "start.js"));

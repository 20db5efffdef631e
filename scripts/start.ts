// The server `npm start` runs, compiled by scripts/build.mjs to <build>/start.js: serves the build
// made beside it. scripts/start.cjs builds first when the sources changed.
import { loadBuild } from "../server/http-server";
import { serve } from "./lib/serve";

const buildDir = process.env.KINETIC_BUILD_DIR || "build";
serve(loadBuild(buildDir), buildDir).catch((e) => {
  console.error(e);
  process.exit(1);
});

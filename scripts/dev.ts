// `npm run dev`: the same HTTP server with Vite's dev middleware. Routes and components are
// compiled on request from the sources and the browser reloads them as they change (hot reload);
// nothing is built beforehand. The server code itself (server/, this file) loads once.
import { createServer } from "vite";
import type { KineticBuild } from "../server/http-server";
import { serve } from "./lib/serve";

const SERVER_BUILD = "virtual:remix/server-build";

// Vite evaluates the app's modules as ES modules, where `require` is not defined; the prompt
// reader loads its NLP packages lazily with `require` (docs/operations.md). Packages only.
(globalThis as { require?: NodeJS.Require }).require = require;

async function main() {
  const vite = await createServer({ server: { middlewareMode: true } });
  const currentBuild = () => vite.ssrLoadModule(SERVER_BUILD) as Promise<KineticBuild>;
  await serve(await currentBuild(), process.env.KINETIC_BUILD_DIR || "build", { middleware: vite.middlewares, currentBuild });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

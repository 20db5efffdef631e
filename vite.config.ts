// The Remix build (Remix 2's Vite plugin; docs/decisions/031-vite-build.md). KINETIC_BUILD_DIR lets
// concurrent test runs build into their own folder: the server bundle goes to <dir>/server/index.js,
// the browser assets to <dir>/client (served under /assets/).
import fs from "node:fs";
import path from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";

const buildDir = process.env.KINETIC_BUILD_DIR || "build";

/** ESM-only packages: bundled into the CommonJS server build rather than required from node_modules. */
const ESM_ONLY = [
  /^htmlparser2/,
  /^domutils/,
  /^css-select/,
  /^css-what/,
  /^dom-serializer/,
  /^domhandler/,
  /^domelementtype/,
  /^entities/,
  /^boolbase/,
  /^nth-check/,
  /^jose/,
  /^caniemail/,
  // The prompt-language packages (franc-min and its dependencies).
  /^franc-min/,
  /^trigram-utils/,
  /^n-gram/,
  /^collapse-white-space/,
];

/**
 * Writes the project files the server build read (outside node_modules) to <dir>/server/inputs.json,
 * so scripts/lib/build-freshness.ts also sees inputs outside app/ (db/, scripts/eval/).
 */
function recordInputs(): Plugin {
  return {
    name: "kinetic-record-inputs",
    apply: "build",
    generateBundle() {
      if (!this.environment || this.environment.name !== "ssr") return;
      const root = process.cwd();
      const inputs: string[] = [];
      for (const id of this.getModuleIds()) {
        if (!path.isAbsolute(id) || id.includes("\0") || id.split(path.sep).includes("node_modules")) continue;
        const rel = path.relative(root, id.replace(/\?.*$/, "")).split(path.sep).join("/");
        if (!rel.startsWith("../")) inputs.push(rel);
      }
      const out = path.resolve(buildDir, "server");
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, "inputs.json"), `${JSON.stringify({ inputs: [...new Set(inputs)].sort() }, null, 1)}\n`);
    },
  };
}

/** The route exports the browser build keeps (Remix's own list). */
const CLIENT_EXPORT =
  /^export (?:default\b|(?:async )?(?:const|function|let) (?:clientAction|clientLoader|ErrorBoundary|handle|HydrateFallback|Layout|links|meta|shouldRevalidate)\b)/m;

/**
 * Resource routes (the API, downloads) have nothing for the browser, but the browser build keeps
 * every export Remix does not know as a server export, such as `apiAuth` (app/http/api-route.server.ts),
 * and Remix's export removal does not follow `export const { loader, action, apiAuth } = …`: both
 * would pull server modules into the browser build. A route without a browser export is empty there.
 */
function resourceRoutesAreServerOnly(): Plugin {
  const routes = path.resolve("app/routes") + path.sep;
  return {
    name: "kinetic-resource-routes-server-only",
    enforce: "pre",
    transform(code, id, options) {
      if (options?.ssr || !id.startsWith(routes) || id.includes("?") || CLIENT_EXPORT.test(code)) return;
      return { code: "export {};\n", map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  resolve: { alias: { "~": path.resolve("app") } },
  // In development the server imports them from node_modules as ES modules.
  ssr: { noExternal: command === "build" ? ESM_ONLY : [] },
  build: {
    emptyOutDir: true,
    rollupOptions: {
      // Resource routes are empty in the browser build (resourceRoutesAreServerOnly, above): one
      // "Generated an empty chunk" line each would bury the build's output.
      onwarn(warning, warn) {
        if (warning.code !== "EMPTY_BUNDLE") warn(warning);
      },
    },
  },
  plugins: [
    remix({
      buildDirectory: buildDir,
      serverBuildFile: "index.js",
      serverModuleFormat: "cjs",
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
    }),
    resourceRoutesAreServerOnly(),
    recordInputs(),
  ],
}));

import fs from "node:fs";
import path from "node:path";

export interface ApiRouteFile {
  file: string;
  /** URL with every dynamic segment filled in. */
  url: string;
}

/** Remix flat-route file name → URL: dots are slashes, `$param` a value, `[.]` a literal dot. */
export function routeFileToUrl(file: string): string {
  const name = path.basename(file).replace(/\.(ts|tsx)$/, "");
  const segments = name
    .replace(/\[\.\]/g, "\u0000")
    .split(".")
    // eslint-disable-next-line no-control-regex -- NUL stands in for an escaped dot while splitting
    .map((s) => s.replace(/\u0000/g, "."))
    .filter((s) => s !== "_index" && !s.startsWith("_"))
    .map((s) => (s.startsWith("$") ? "test-id" : s));
  return "/" + segments.join("/");
}

/** Every JSON API resource route, except the catch-all for unknown paths. */
export function listApiRouteFiles(routesDir = path.resolve("app/routes")): ApiRouteFile[] {
  return fs
    .readdirSync(routesDir)
    .filter((f) => /^api\..+\.tsx?$/.test(f) && !f.endsWith(".test.ts") && f !== "api.$.ts")
    .map((file) => ({ file: path.join(routesDir, file), url: routeFileToUrl(file) }));
}

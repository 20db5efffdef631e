// Starts the real HTTP server (Express + the Remix build) in this test file's process, on a
// random port, against this file's private database (see test/setup.ts).
import type { AddressInfo } from "node:net";
import { inject } from "vitest";
import { createHttpServer, loadBuild, type KineticBuild } from "../../server/http-server";
import { ensureTestBuild } from "./test-build";

/** The test run's Remix build folder: reused while its sources are unchanged (test/helpers/test-build.ts). */
export function testBuildDir(): Promise<string> {
  return ensureTestBuild(inject("testRunId"));
}

export interface TestServer {
  url: string;
  build: KineticBuild;
  app: Awaited<ReturnType<KineticBuild["entry"]["module"]["getApp"]>>;
  fetch(pathname: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

/**
 * Set env overrides BEFORE the first call: configuration is read once per process. The server
 * trusts forwarding headers from loopback (TRUST_PROXY) unless told otherwise, as behind a local
 * reverse proxy: tests pose as many clients with X-Forwarded-For, and PageClient names BASE_URL's
 * host in X-Forwarded-Host. Pass `TRUST_PROXY: undefined` for the default of trusting none.
 */
export async function startTestServer(
  env: Record<string, string | undefined> = {},
  opts: {
    /** Runs on the server's app (its one database connection) before start-up's own work: a database to start on. */
    beforeBootstrap?: (app: TestServer["app"]) => Promise<void>;
  } = {},
): Promise<TestServer> {
  for (const [k, v] of Object.entries({ TRUST_PROXY: "loopback", ...env })) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  const dir = await testBuildDir();
  const build = loadBuild(dir);
  const app = await build.entry.module.getApp();
  await opts.beforeBootstrap?.(app);
  await build.entry.module.bootstrap();
  const server = createHttpServer(build, dir, app.logger, app.env);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    build,
    app,
    fetch(pathname, init = {}) {
      const { token, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set("Authorization", `Bearer ${token}`);
      let body = rest.body;
      if (json !== undefined) {
        headers.set("Content-Type", "application/json");
        body = JSON.stringify(json);
      }
      return fetch(url + pathname, { ...rest, headers, body });
    },
    close: () =>
      new Promise<void>((resolve) => {
        build.entry.module.stopJobs(app);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The Remix build the server runs. Start-up work (migrations, the app context, the CSRF check, the body reader)
// comes from the build's own entry module (app/entry.server.tsx), so it runs with the same module
// instances as the routes: importing app code here directly would load a second copy of it.
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";

export interface KineticBuild extends ServerBuild {
  entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      bootstrap: typeof import("~/services/bootstrap.server").bootstrap;
      stopJobs: typeof import("~/services/jobs.server").stopJobs;
      runJobNow: typeof import("~/services/jobs.server").runJobNow;
      getApp: typeof import("~/composition/app.server").getApp;
      adapterSummary: typeof import("~/composition/adapters.server").adapterSummary;
      checkPageMutation: typeof import("~/http/csrf.server").checkPageMutation;
      readLimitedBody: typeof import("~/http/body.server").readLimitedBody;
      refusedResourceResponse: typeof import("~/http/storage-refusal.server").refusedResourceResponse;
      warmUpPromptFacts: typeof import("~/domain/prompt/facts").warmUpPromptFacts;
    };
  };
}

export function loadBuild(buildDir: string): KineticBuild {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.resolve(buildDir, "server", "index.js")) as KineticBuild;
}

/** What every route receives as `context` (app/http/api-route.server.ts reads it as LoadContext). */
export interface RequestContext extends Record<string, unknown> {
  requestId: string;
  clientIp: string;
}

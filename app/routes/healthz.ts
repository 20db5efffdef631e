import { getApp } from "~/composition/app.server";
import { adapterSummary } from "~/composition/adapters.server";
import { json } from "~/http/responses.server";
import { checkHealth } from "~/services/health.server";
import { jobStates } from "~/services/jobs.server";
import { streamHealth } from "~/services/streams.server";

/**
 * `status`: "ok" (200) — reachable, migrated, writable; "busy" (200) — reads work, writes are
 * waiting for a write lock another process holds; "degraded" (503) — unreachable, migrations
 * behind, or writes fail (a read-only database). How writability is probed: services/health.server.ts.
 * `streams`: the long-lived responses held open now, their caps, and the send-event pollers
 * (services/streams.server.ts), from in-memory counters. `jobs`: this process's periodic jobs and
 * their last run (services/jobs.server.ts), also from memory.
 */
export async function loader() {
  const app = await getApp();
  const health = await checkHealth(app);
  return json(
    { ...health, streams: streamHealth(app), jobs: jobStates(app), adapters: adapterSummary(app.env) },
    { status: health.status === "degraded" ? 503 : 200 },
  );
}

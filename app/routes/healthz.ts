import { getApp } from "~/lib/app.server";
import { adapterSummary } from "~/lib/composition.server";
import { json } from "~/lib/http.server";
import { migrationState } from "../../db/migrate";

export async function loader() {
  const app = await getApp();
  let database: { reachable: boolean; error?: string } = { reachable: true };
  let migrations: { applied: number; available: number; upToDate: boolean } | null = null;
  try {
    await app.database.client.execute("select 1");
    const state = await migrationState(app.database.client);
    migrations = { ...state, upToDate: state.applied >= state.available };
  } catch (e) {
    database = { reachable: false, error: e instanceof Error ? e.message : String(e) };
  }
  const ok = database.reachable && Boolean(migrations?.upToDate);
  return json(
    { status: ok ? "ok" : "degraded", database, migrations, adapters: adapterSummary(app.env) },
    { status: ok ? 200 : 503 },
  );
}

// This server process as other processes sharing the database see it: a record in
// server_instances, renewed every HEARTBEAT_MS while the process lives. Work that must be settled
// should the process die (a pending charge, a page eval run) names it (app/domain/recovery/owner.ts).
import type { AppContext } from "~/composition/app.server";
import { HEARTBEAT_MS } from "~/domain/recovery/owner";
import type { Database } from "~/lib/db.server";
import { processIdentity, type ProcessIdentity } from "~/lib/process-identity.server";
import { touchInstance, registerInstance } from "~/models/server-instances.server";

const registered = new WeakMap<Database, Promise<ProcessIdentity>>();

/**
 * Registers this process in the app's database (once; again after a failure) and starts its
 * heartbeat. Awaited before work that names the process is recorded, so no record names an
 * unregistered process.
 */
export function registeredInstance(app: AppContext): Promise<ProcessIdentity> {
  let done = registered.get(app.database);
  if (!done) {
    const me = processIdentity();
    done = registerInstance(app.database.db, me, Date.now()).then(() => {
      const beat = setInterval(() => {
        touchInstance(app.database.db, me, Date.now()).catch((err: unknown) =>
          app.logger.warn({ err }, "server heartbeat could not be written"),
        );
      }, HEARTBEAT_MS);
      beat.unref();
      return me;
    });
    done.catch(() => registered.delete(app.database));
    registered.set(app.database, done);
  }
  return done;
}

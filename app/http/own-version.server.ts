// What every builder action route starts with: the signed-in user and one of their versions.
import { getApp, type AppContext } from "~/composition/app.server";
import { findOwnVersion, type EmailVersion } from "~/services/builder-panels.server";
import type { User } from "~/services/auth.server";
import { requirePageUser } from "./session.server";

/**
 * For a builder action route: the signed-in user and one of their versions (404 for anyone
 * else's, as for a missing one), and the app context. `admin` for the admin-only panels.
 */
export async function requireOwnVersion(
  request: Request,
  id: string | undefined,
  opts: { admin?: boolean } = {},
): Promise<{ app: AppContext; user: User; version: EmailVersion }> {
  const user = await requirePageUser(request, opts);
  const app = await getApp();
  const version = await findOwnVersion(app, user, id ?? "");
  if (!version) throw new Response("Version not found", { status: 404 });
  return { app, user, version };
}

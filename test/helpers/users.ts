import { issueAccessToken } from "../../app/services/auth.server";
import type { TestServer } from "./server";

let counter = 0;

/**
 * Creates a user through the same modules the server bundle uses (the build exports getApp) and
 * returns a bearer token for it.
 */
export async function createUserWithToken(
  server: TestServer,
  opts: { admin?: boolean; credits?: number; email?: string } = {},
): Promise<{ id: string; email: string; token: string }> {
  const { createUser } = await import("~/models/users.server");
  const email = opts.email ?? `user${++counter}-${Date.now()}@example.com`;
  const result = await createUser(server.app.database.db as never, {
    email,
    password: "correct horse battery",
    admin: opts.admin,
    credits: opts.credits ?? 50,
  });
  if (!result.ok) throw new Error(result.error);
  const issued = await issueAccessToken(server.app as never, result.user, "1h", "test");
  return { id: result.user.id, email, token: issued.token };
}

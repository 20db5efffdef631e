// A server in its own process: the real Express + Remix build on the database the parent's
// environment names. Used by the benchmarks (so load generator and server never share an event
// loop) and by the tests that kill, flood or abandon a real server (test/helpers/server-process.ts).
// Prints one JSON line { url, token, pid } once it listens, then serves until it is killed. The
// user `bench@sender.example` is created on first start and reused after a restart.
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createHttpServer, loadBuild } from "../../server/http-server";
import { issueAccessToken } from "../../app/services/auth.server";
import { createUser, findUserByEmail } from "~/models/users.server";

const EMAIL = "bench@sender.example";

async function main() {
  const buildDir = path.resolve(process.env.KINETIC_BUILD_DIR ?? ".cache/bench-build");
  const build = loadBuild(buildDir);
  const app = await build.entry.module.getApp();
  await build.entry.module.bootstrap();
  const db = app.database.db as never;
  let user = await findUserByEmail(db, EMAIL);
  if (!user) {
    const created = await createUser(db, { email: EMAIL, password: "bench-password-123", credits: 1_000_000 });
    if (!created.ok) throw new Error(created.error);
    user = created.user;
  }
  const { token } = await issueAccessToken(app as never, user, "2h", "bench");
  const server = createHttpServer(build, buildDir, app.logger, app.env);
  await new Promise<void>((resolve) => server.listen(Number(process.env.BENCH_PORT ?? 0), "127.0.0.1", resolve));
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token, pid: process.pid }));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

// A benchmark's server process: the real Express + Remix build on a temporary database, given by
// the parent's environment. Prints one JSON line { url, token } once it listens, then serves
// until it is killed. Kept apart from the load generator so the two never share an event loop.
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createHttpServer, loadBuild } from "../../server/http-server";
import { issueAccessToken } from "../../app/services/auth.server";
import { createUser } from "~/models/users.server";

async function main() {
  const buildDir = path.resolve(process.env.KINETIC_BUILD_DIR ?? ".cache/bench-build");
  const build = loadBuild(buildDir);
  const app = await build.entry.module.getApp();
  await build.entry.module.bootstrap();
  const created = await createUser(app.database.db as never, { email: "bench@sender.example", password: "bench-password-123", credits: 1_000_000 });
  if (!created.ok) throw new Error(created.error);
  const { token } = await issueAccessToken(app as never, created.user, "2h", "bench");
  const server = createHttpServer(build, buildDir, app.logger);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token }));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

// Runs before every test file, in that file's own process: a private temporary database and
// fixed secrets, so files never share state and never read a developer's ./data or .env.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kinetic-test-"));
process.env.KINETIC_DATA_DIR = dir;
process.env.DATABASE_URL = `file:${path.join(dir, "test.db")}`;
process.env.JWT_SECRET ??= "test-jwt-secret-0123456789abcdef0123456789";
process.env.SESSION_SECRET ??= "test-session-secret-0123456789abcdef012345";
process.env.LOG_LEVEL ??= "silent";
// Seeding the starter library costs ~1 s per server; the files that need it ask for it.
process.env.SEED_LIBRARY ??= "false";
process.env.KINETIC_SKIP_DOTENV = "1";
// Tests create hundreds of users: OWASP-strength scrypt would spend ~0.7 s on each. The default
// parameters are tested once, in app/lib/password.server.test.ts. Child processes inherit it.
process.env.PASSWORD_HASH_COST ??= "insecure-test";
// Vite puts its own BASE_URL ("/") into process.env; ours is an absolute URL.
if (process.env.BASE_URL === "/") delete process.env.BASE_URL;

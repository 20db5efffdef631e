import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/lib/db.server";
import { migrate } from "../../db/migrate";
import { createUser } from "./users.server";
import { findBrandProfile, findEmailVersion, insertEmailVersion, listEmailVersions, saveBrandProfile } from "./email-versions.server";

let database: Database;
let alice: string;
let bob: string;

beforeAll(async () => {
  database = await openDatabase(process.env.DATABASE_URL!);
  await migrate(database.client);
  for (const email of ["alice@example.com", "bob@example.com"]) {
    const created = await createUser(database.db, { email, password: "password123", credits: 0 });
    if (!created.ok) throw new Error(created.error);
    if (email.startsWith("alice")) alice = created.user.id;
    else bob = created.user.id;
  }
});

describe("email versions", () => {
  it("keeps each user's history newest first and hides it from others", async () => {
    const base = { userId: alice, brief: { prompt: "p" }, html: "<p>1</p>", metadata: { qa: { score: 90 } } };
    await insertEmailVersion(database.db, { ...base, id: "v1", kind: "generate", prompt: "Spring sale", subject: "Spring", qaScore: 90 });
    await insertEmailVersion(database.db, {
      ...base,
      id: "v2",
      parentId: "v1",
      kind: "refine",
      prompt: "make the button green",
      html: "<p>2</p>",
      qaScore: 92,
    });
    const list = await listEmailVersions(database.db, alice);
    expect(list.map((v) => [v.id, v.kind, v.parentId])).toEqual([
      ["v2", "refine", "v1"],
      ["v1", "generate", null],
    ]);
    expect((await findEmailVersion(database.db, alice, "v2"))?.html).toBe("<p>2</p>");
    expect(await findEmailVersion(database.db, bob, "v2")).toBeNull();
    expect(await listEmailVersions(database.db, bob)).toEqual([]);
  });

  it("saves the brand profile per user and overwrites it", async () => {
    expect(await findBrandProfile(database.db, alice)).toBeNull();
    await saveBrandProfile(database.db, alice, { designTokens: { colors: { primary: "#112233" } }, styleTheory: "minimal" });
    await saveBrandProfile(database.db, alice, { designTokens: { colors: { primary: "#445566" } }, styleTheory: null });
    expect(await findBrandProfile(database.db, alice)).toEqual({ designTokens: { colors: { primary: "#445566" } }, styleTheory: null });
    expect(await findBrandProfile(database.db, bob)).toBeNull();
  });
});

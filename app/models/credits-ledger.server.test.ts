// The user page's ledger queries: newest first, paged, one user's rows only, and sums per kind.
import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { openDatabase, type Database } from "~/lib/db.server";
import { createUser } from "./users.server";
import { AI_GENERATION, charge, grant, listLedger, refund, sumLedgerByKind } from "./credits.server";

let database: Database;
let userId: string;

beforeAll(async () => {
  database = await openDatabase(process.env.DATABASE_URL!);
  await migrate(database.client);
  const created = await createUser(database.db, { email: "ledger@example.com", password: "password123", credits: 5 });
  const other = await createUser(database.db, { email: "other@example.com", password: "password123", credits: 7 });
  if (!created.ok || !other.ok) throw new Error("users");
  userId = created.user.id;
  await charge(database.db, userId, AI_GENERATION, 1, "gen-1");
  await charge(database.db, userId, AI_GENERATION, 1, "gen-2");
  await refund(database.db, userId, AI_GENERATION, 1, "gen-2");
  await grant(database.db, userId, AI_GENERATION, 20, "admin:ops@example.com");
  await grant(database.db, other.user.id, AI_GENERATION, 3, "admin:ops@example.com");
});

describe("listLedger", () => {
  it("lists one user's rows newest first with kind, delta, reference and balance after", async () => {
    const { rows, total } = await listLedger(database.db, userId, { limit: 50, offset: 0 });
    expect(total).toBe(5);
    expect(rows.map((r) => [r.kind, r.delta, r.reference, r.balanceAfter])).toEqual([
      ["grant", 20, "admin:ops@example.com", 24],
      ["refund", 1, "gen-2", 4],
      ["charge", -1, "gen-2", 3],
      ["charge", -1, "gen-1", 4],
      ["initial", 5, null, 5],
    ]);
  });

  it("pages", async () => {
    const { rows, total } = await listLedger(database.db, userId, { limit: 2, offset: 2 });
    expect(total).toBe(5);
    expect(rows.map((r) => r.reference)).toEqual(["gen-2", "gen-1"]);
  });
});

describe("sumLedgerByKind", () => {
  it("sums the deltas per kind", async () => {
    const sums = Object.fromEntries((await sumLedgerByKind(database.db, userId)).map((s) => [s.kind, [s.sum, s.count]]));
    expect(sums).toEqual({ initial: [5, 1], charge: [-2, 2], refund: [1, 1], grant: [20, 1] });
  });
});

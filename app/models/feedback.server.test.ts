// The feedback page's queries: filters by rating, positivity and retrieval, the author's email,
// newest first, and counts per rating.
import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { openDatabase, type Database } from "~/lib/db.server";
import { createUser } from "./users.server";
import { countFeedbackByRating, insertFeedback, listFeedbackFiltered } from "./feedback.server";

let database: Database;
let authorId: string;

beforeAll(async () => {
  database = await openDatabase(process.env.DATABASE_URL!);
  await migrate(database.client);
  const created = await createUser(database.db, { email: "rater@example.com", password: "password123", credits: 0 });
  if (!created.ok) throw new Error(created.error);
  authorId = created.user.id;
  const rows: Array<[string, boolean, boolean, number]> = [
    ["up", true, true, 3],
    ["down", false, true, 2],
    ["5", true, false, 0],
    ["3", false, false, 0],
    ["up", true, false, 0],
  ];
  for (const [i, [rating, positive, ragUsed, ragExamplesCount]] of rows.entries()) {
    await insertFeedback(database.db, {
      userId: i === 4 ? null : authorId,
      prompt: `prompt ${i}`,
      rating,
      positive,
      ragUsed,
      ragExamplesCount,
      comment: i === 0 ? "lovely tabs" : null,
    });
  }
});

const page = { limit: 50, offset: 0 };
const prompts = async (filter: Parameters<typeof listFeedbackFiltered>[1]) =>
  (await listFeedbackFiltered(database.db, filter, page)).rows.map((r) => r.prompt);

describe("listFeedbackFiltered", () => {
  it.each([
    [{}, ["prompt 4", "prompt 3", "prompt 2", "prompt 1", "prompt 0"]],
    [{ rating: "up" }, ["prompt 4", "prompt 0"]],
    [{ rating: "5" }, ["prompt 2"]],
    [{ positive: true }, ["prompt 4", "prompt 2", "prompt 0"]],
    [{ positive: false }, ["prompt 3", "prompt 1"]],
    [{ ragUsed: true }, ["prompt 1", "prompt 0"]],
    [{ ragUsed: false, positive: true }, ["prompt 4", "prompt 2"]],
    [{ rating: "1" }, []],
  ])("%j → %j (newest first)", async (filter, expected) => {
    expect(await prompts(filter)).toEqual(expected);
  });

  it("gives the author's email (null without one), the total matching, and pages", async () => {
    const all = await listFeedbackFiltered(database.db, {}, page);
    expect(all.total).toBe(5);
    expect(all.rows.find((r) => r.prompt === "prompt 0")).toMatchObject({
      userEmail: "rater@example.com",
      comment: "lovely tabs",
      ragExamplesCount: 3,
      ragUsed: true,
    });
    expect(all.rows.find((r) => r.prompt === "prompt 4")?.userEmail).toBeNull();
    const second = await listFeedbackFiltered(database.db, {}, { limit: 2, offset: 2 });
    expect(second.rows.map((r) => r.prompt)).toEqual(["prompt 2", "prompt 1"]);
    expect(second.total).toBe(5);
  });
});

describe("countFeedbackByRating", () => {
  it("counts every row per stored rating", async () => {
    const counts = Object.fromEntries((await countFeedbackByRating(database.db)).map((c) => [c.rating, c.count]));
    expect(counts).toEqual({ up: 2, down: 1, "5": 1, "3": 1 });
  });
});

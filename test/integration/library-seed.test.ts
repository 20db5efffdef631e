// First-start seeding in-process against this file's own database: resume by stable keys after an
// interrupted start, once only, never over an admin's library.
import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import type { SeedEntry } from "../../db/seed";
import { getApp, type AppContext } from "~/composition/app.server";
import { seedInput, seedLibrary } from "../../app/services/seed-library.server";
import { addDocuments, deleteContent } from "~/services/library.server";
import { listContent } from "~/services/library-views.server";
import { TABS_EMAIL } from "../fixtures/library/documents";

let app: AppContext;
beforeAll(async () => {
  process.env.SEED_LIBRARY = "true";
  app = await getApp();
  await migrate(app.database.client);
});

const entry = (key: string, description: string): SeedEntry => ({
  key,
  document: {
    uploadType: "html",
    htmlContent: TABS_EMAIL.replace("Shoe tabs", description),
    description,
    technique: "tabs",
    complexity: "beginner",
    emailPurpose: "ecommerce",
    exampleType: "positive",
    keyFeatures: [],
    bestPracticeTags: [],
  },
});
const entries = () => [
  entry("a", "first"),
  entry("b", "second"),
  entry("c", "third"),
  {
    key: "blog-x",
    document: {
      uploadType: "blog" as const,
      htmlContent: "<p>Article</p>",
      blogTitle: "An article",
      blogTopic: "t",
      learningLevel: "beginner" as const,
      techniquesCovered: ["tabs"],
      keyTakeaways: "k",
      contentFocus: "kinetic" as const,
    },
  },
];
const ids = async () => {
  const r = await listContent(app);
  if (!r.ok) throw new Error(r.error);
  return r.value.items;
};

describe("seedLibrary", () => {
  it("does nothing when SEED_LIBRARY is off", async () => {
    const off = { ...app, env: { ...app.env, SEED_LIBRARY: false } };
    expect(await seedLibrary(off, entries)).toEqual({ status: "disabled" });
    expect(await ids()).toHaveLength(0);
  });

  it("resumes an interrupted first start by stable keys, then never seeds again", async () => {
    // A start that stopped after two documents.
    const partial = await addDocuments(
      app,
      entries()
        .slice(0, 2)
        .map((e) => ({ input: seedInput(e.document), options: { seedKey: e.key } })),
    );
    expect(partial.ok).toBe(true);

    const first = await seedLibrary(app, entries);
    expect(first).toMatchObject({ status: "seeded", added: 2, skipped: 2 });
    const items = await ids();
    expect(items).toHaveLength(4);
    expect(items.map((i) => i.metadata.type).sort()).toEqual(["blog", "html", "html", "html"]);
    expect(items.find((i) => i.metadata.type === "blog")!.metadata.contentFocus).toBe("kinetic");

    // A document the admin deletes stays deleted across restarts.
    expect((await deleteContent(app, items[0].id)).ok).toBe(true);
    expect(await seedLibrary(app, entries)).toEqual({ status: "already-seeded" });
    expect(await ids()).toHaveLength(3);
  });

  it("leaves a library that holds only the admin's documents alone", async () => {
    for (const item of await ids()) await deleteContent(app, item.id);
    const own = await addDocuments(app, [{ input: seedInput(entry("own", "mine").document) }]);
    expect(own.ok).toBe(true);
    expect(await seedLibrary(app, entries)).toEqual({ status: "not-empty" });
    expect(await ids()).toHaveLength(1);
  });

  it("stores negatives' whatIsWrong with the document but not in the index", async () => {
    const key = "neg";
    const doc = { ...entry(key, "broken").document, exampleType: "negative" as const, whatIsWrong: "Labels do not match their inputs." };
    const r = await addDocuments(app, [{ input: seedInput(doc), options: { seedKey: key } }]);
    if (!r.ok) throw new Error(r.error);
    const row = (await app.database.client.execute({ sql: "SELECT metadata FROM rag_documents WHERE id = ?", args: [r.value.items[0].id] }))
      .rows[0];
    expect(JSON.parse(String(row.metadata))).toMatchObject({ whatIsWrong: "Labels do not match their inputs.", seed: { key } });
    expect(r.value.items[0].metadata).not.toHaveProperty("whatIsWrong");
  });
});

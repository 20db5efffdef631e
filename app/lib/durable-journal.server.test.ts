import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDurableJournal } from "./durable-journal.server";

const dir = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "journal-")), "outcomes");

describe("openDurableJournal", () => {
  it("keeps records across a reopen (a restart) until they are removed", async () => {
    const where = dir();
    const journal = openDurableJournal<{ status: string }>(where);
    expect(await journal.entries()).toEqual({ records: [], unreadable: [] }); // no folder yet
    await journal.record("send-1", { status: "sent" });
    await journal.record("send-2", { status: "failed" });
    await journal.record("send-1", { status: "sent-again" }); // the latest record wins

    const reopened = openDurableJournal<{ status: string }>(where);
    const { records } = await reopened.entries();
    expect(records.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: "send-1", value: { status: "sent-again" } },
      { id: "send-2", value: { status: "failed" } },
    ]);
    await reopened.remove("send-1");
    await reopened.remove("never-there");
    expect((await reopened.entries()).records.map((r) => r.id)).toEqual(["send-2"]);
  });

  it("ignores and clears a crash's temporary files, reports unreadable ones, and refuses ids that are not file names", async () => {
    const where = dir();
    const journal = openDurableJournal<number>(where);
    await journal.record("a", 1);
    fs.writeFileSync(path.join(where, "b.json.999999.tmp"), '{"half');
    fs.writeFileSync(path.join(where, "c.json"), '{"half');
    expect(await journal.entries()).toEqual({ records: [{ id: "a", value: 1 }], unreadable: ["c.json"] });
    expect(fs.existsSync(path.join(where, "b.json.999999.tmp"))).toBe(false);
    await expect(journal.record("../escape", 2)).rejects.toThrow(/journal id/);
  });
});

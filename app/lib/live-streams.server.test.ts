import { liveStreamCounts, takeStreamSlot } from "./live-streams.server";

describe("stream slots", () => {
  it("refuses past the per-user cap, then past the total, and a slot given back twice counts once", () => {
    const caps = { perUser: 2, total: 3 };
    const a1 = takeStreamSlot("a", caps);
    const a2 = takeStreamSlot("a", caps);
    expect([a1.ok, a2.ok]).toEqual([true, true]);
    expect(takeStreamSlot("a", caps)).toEqual({ ok: false, refused: "user" });
    const b1 = takeStreamSlot("b", caps);
    expect(b1.ok).toBe(true);
    expect(takeStreamSlot("b", caps)).toEqual({ ok: false, refused: "total" });
    expect(liveStreamCounts()).toEqual({ live: 3, opened: 3 });

    if (!a1.ok || !a2.ok || !b1.ok) throw new Error("unreachable");
    a1.slot.release();
    a1.slot.release();
    expect(liveStreamCounts().live).toBe(2);
    expect(takeStreamSlot("a", caps).ok).toBe(true);
    expect(takeStreamSlot("a", caps)).toEqual({ ok: false, refused: "user" });
  });
});

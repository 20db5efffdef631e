import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache";

describe("BoundedCache", () => {
  it("keeps at most maxEntries, dropping the least recently used", () => {
    const c = new BoundedCache<string, number>({ maxEntries: 2 });
    c.set("a", 1);
    c.set("b", 2);
    expect(c.get("a")).toBe(1); // a is now the most recent
    c.set("c", 3);
    expect([c.get("a"), c.get("b"), c.get("c")]).toEqual([1, undefined, 3]);
    expect(c.size).toBe(2);
  });

  it("keeps the total weight within maxWeight and refuses an entry over maxEntryWeight", () => {
    const c = new BoundedCache<string, string>({ maxEntries: 10, weigh: (v) => v.length, maxWeight: 10, maxEntryWeight: 5 });
    c.set("a", "xxxx");
    c.set("b", "xxxx");
    c.set("c", "xxxx"); // 12 > 10: a goes
    expect([c.get("a"), c.get("b"), c.get("c")]).toEqual([undefined, "xxxx", "xxxx"]);
    c.set("big", "xxxxxx");
    expect(c.get("big")).toBeUndefined();
    expect(c.size).toBe(2);
    c.set("b", "x"); // replacing an entry replaces its weight
    c.set("d", "xxxx");
    c.set("e", "xxxx");
    expect([c.get("b"), c.get("c"), c.get("d"), c.get("e")]).toEqual(["x", undefined, "xxxx", "xxxx"]);
  });

  it("forgets entries on delete and clear", () => {
    const c = new BoundedCache<string, number>({ maxEntries: 3, weigh: () => 1, maxWeight: 3 });
    c.set("a", 1);
    c.set("b", 2);
    c.delete("a");
    expect(c.get("a")).toBeUndefined();
    c.clear();
    expect(c.size).toBe(0);
    for (const k of ["x", "y", "z"]) c.set(k, 0);
    expect(c.size).toBe(3);
  });
});

import { describe, expect, it } from "vitest";
import { DISK_FULL_BELOW_BYTES, REFUSAL_REPORTED_FOR_MS, storageFullReason, type StorageFacts } from "./storage";

const now = 1_000_000;
const roomy: StorageFacts = {
  probeFull: false,
  pages: { count: 10, max: 4294967294, free: 0 },
  freeBytes: 10 * 1024 ** 3,
  lastRefusalAt: null,
  now,
};

describe("storageFullReason", () => {
  it("is null with room everywhere", () => {
    expect(storageFullReason(roomy)).toBeNull();
    expect(storageFullReason({ ...roomy, pages: null, freeBytes: null })).toBeNull();
  });

  it("a probe write refused for lack of room", () => {
    expect(storageFullReason({ ...roomy, probeFull: true })).toMatch(/SQLITE_FULL/);
  });

  it("the page limit reached with no free page inside the file; free pages still leave room", () => {
    expect(storageFullReason({ ...roomy, pages: { count: 50, max: 50, free: 0 } })).toMatch(/page limit \(50 pages\)/);
    expect(storageFullReason({ ...roomy, pages: { count: 50, max: 50, free: 3 } })).toBeNull();
  });

  it("too little free space on the file system", () => {
    expect(storageFullReason({ ...roomy, freeBytes: DISK_FULL_BELOW_BYTES - 1 })).toMatch(/bytes free/);
    expect(storageFullReason({ ...roomy, freeBytes: DISK_FULL_BELOW_BYTES })).toBeNull();
  });

  it("a write refused for lack of room, for a while after", () => {
    expect(storageFullReason({ ...roomy, lastRefusalAt: now - 5000 })).toMatch(/refused .* 5 s ago/);
    expect(storageFullReason({ ...roomy, lastRefusalAt: now - REFUSAL_REPORTED_FOR_MS })).toBeNull();
  });
});

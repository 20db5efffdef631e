import { describe, expect, it } from "vitest";
import { formHasMoreEntries } from "./body.server";

const bytes = (s: string) => Buffer.from(s);
const URLENCODED = "application/x-www-form-urlencoded";

describe("formHasMoreEntries: a form's entries counted on its bytes", () => {
  it("URL-encoded: n entries are n - 1 separators; an encoded & inside a value is no separator", () => {
    expect(formHasMoreEntries(URLENCODED, bytes("a=1&b=2&c=3"), 3)).toBe(false);
    expect(formHasMoreEntries(URLENCODED, bytes("a=1&b=2&c=3&d=4&e=5"), 3)).toBe(true);
    expect(formHasMoreEntries(`${URLENCODED}; charset=UTF-8`, bytes("a=1%261%262%263%264"), 1)).toBe(false);
    expect(formHasMoreEntries(URLENCODED, bytes("&".repeat(10)), 5)).toBe(true);
  });

  it("multipart: the part delimiters, with the boundary the header names", () => {
    const part = (name: string) => `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nv\r\n`;
    const body = (n: number) => bytes(Array.from({ length: n }, (_, i) => part(`f${i}`)).join("") + "--XyZ--\r\n");
    expect(formHasMoreEntries("multipart/form-data; boundary=XyZ", body(3), 3)).toBe(false);
    expect(formHasMoreEntries('multipart/form-data; boundary="XyZ"', body(5), 3)).toBe(true);
    // No boundary: the form parser refuses the body whole, nothing to count.
    expect(formHasMoreEntries("multipart/form-data", body(5), 3)).toBe(false);
  });

  it("other bodies are not forms", () => {
    expect(formHasMoreEntries("application/json", bytes("&".repeat(10)), 1)).toBe(false);
    expect(formHasMoreEntries(null, bytes("&".repeat(10)), 1)).toBe(false);
  });

  it("stops counting at the limit: a megabyte of separators is refused", () => {
    expect(formHasMoreEntries(URLENCODED, Buffer.alloc(1024 * 1024, "&"), 2000)).toBe(true);
  });
});

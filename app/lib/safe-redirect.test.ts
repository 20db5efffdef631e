import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

const BASE = "http://localhost:3000";

describe("safeRedirectPath", () => {
  it.each([
    // kept: paths on this site
    ["/", "/"],
    ["/tokens", "/tokens"],
    ["/admin/library?type=html#top", "/admin/library?type=html#top"],
    ["/login?redirectTo=%2Ftokens", "/login?redirectTo=%2Ftokens"],
    ["/a/../admin", "/admin"],
    // refused: anything that could leave the site
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/\\/evil.example", "/"],
    ["/%5Cevil.example", "/"],
    ["/%5cevil.example", "/"],
    ["/%2F%2Fevil.example", "/"],
    ["/%09/evil.example", "/"],
    ["/%00", "/"],
    ["http://evil.example/", "/"],
    ["https://localhost:3000/tokens", "/"],
    ["HTTP://evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["JaVaScRiPt:alert(1)", "/"],
    ["data:text/html,hi", "/"],
    ["evil.example", "/"],
    ["tokens", "/"],
    ["", "/"],
    ["/%E0%A4%A", "/"],
    [" /tokens", "/"],
  ])("%j → %j", (value, expected) => {
    expect(safeRedirectPath(value, BASE)).toBe(expected);
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null, BASE)).toBe("/");
    expect(safeRedirectPath(undefined, BASE)).toBe("/");
    expect(safeRedirectPath(["/tokens"], BASE)).toBe("/");
  });
});

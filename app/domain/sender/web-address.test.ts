import { describe, expect, it } from "vitest";
import { SenderProfileFormSchema } from "~/domain/requests/sender";
import { cspSourceOf, parseWebAddress } from "./web-address";

describe("parseWebAddress: http(s), no credentials, a host a policy names as it is", () => {
  it.each([
    ["https://cdn.bloom.example/logo.png", { scheme: "https", host: "cdn.bloom.example", port: "" }],
    ["http://CDN.Bloom.Example:8080/x", { scheme: "http", host: "cdn.bloom.example", port: "8080" }],
    ["https://192.0.2.7/logo.png", { scheme: "https", host: "192.0.2.7", port: "" }],
    ["https://[2001:db8::1]/logo.png", { scheme: "https", host: "[2001:db8::1]", port: "" }],
    ["https://blüte.example/", { scheme: "https", host: "xn--blte-1ra.example", port: "" }],
    ["https://localhost:3000/favicon.svg", { scheme: "https", host: "localhost", port: "3000" }],
  ])("%s is plain", (text, address) => {
    expect(parseWebAddress(text)).toEqual({ address });
  });

  it.each([
    ["https://cdn.bloom.example;sandbox/logo.png", "host"],
    ["https://cdn.bloom.example,sandbox/logo.png", "host"],
    ["https://a.example'/", "host"],
    ["https://a.example*/", "host"],
    ["https://a..example/", "host"],
    ["https://a.example!x/", "host"],
    ["https://user:pw@a.example/", "credentials"],
    ["https://user@a.example/", "credentials"],
    ["javascript:alert(1)", "scheme"],
    ["data:image/png;base64,AAAA", "scheme"],
    ["ftp://a.example/", "scheme"],
    ["https://a.example/\nlogo.png", "not-a-url"],
    [" https://a.example/", "not-a-url"],
    ["cdn.bloom.example/logo.png", "not-a-url"],
  ])("%s is refused (%s)", (text, problem) => {
    expect(parseWebAddress(text)).toEqual({ problem });
  });
});

describe("cspSourceOf: scheme, host and port of the parsed address, never its text", () => {
  it("names the site only", () => {
    expect(cspSourceOf("https://CDN.Bloom.example:8443/a/logo.png?v=1#x")).toBe("https://cdn.bloom.example:8443");
    expect(cspSourceOf("http://192.0.2.7/logo.png")).toBe("http://192.0.2.7");
  });

  it("nothing for what is not a plain address, or has no host a policy can write", () => {
    for (const bad of [
      "https://cdn.bloom.example;sandbox/logo.png",
      "https://a.example, sandbox",
      "https://[2001:db8::1]/l.png",
      "",
      null,
      undefined,
    ])
      expect(cspSourceOf(bad)).toBeNull();
  });
});

describe("the brand page's schema", () => {
  const form = (fields: Record<string, string>) => SenderProfileFormSchema.safeParse({ senderName: "Bloom", ...fields });

  it("refuses the report's logo on its field, and a website alike", () => {
    const logo = form({ logoUrl: "https://cdn.bloom.example;sandbox/logo.png" });
    expect(logo.success).toBe(false);
    expect(logo.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [["logoUrl"], expect.stringContaining("The logo address must name its site with letters, digits, hyphens and dots only")],
    ]);
    expect(form({ websiteUrl: "https://bloom.example,x/" }).error?.issues[0]?.path).toEqual(["websiteUrl"]);
  });

  it("keeps blank as none and a plain address as typed", () => {
    expect(form({ logoUrl: "", websiteUrl: " https://bloom.example/ " }).data).toMatchObject({
      logoUrl: null,
      websiteUrl: "https://bloom.example/",
    });
  });
});

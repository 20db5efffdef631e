import { senderValueMap } from "~/domain/mime";
import { SenderProfileFormSchema } from "~/domain/requests/sender";
import { allowedSenderDomains, disallowedFromMessage, profileLogo, resolveSender, senderFooter, type SenderProfile } from "./profile";

const deployment = { name: "Kinetic", address: "no-reply@mail.acme.example" };
const profile: SenderProfile = {
  senderName: "Bloom & Co",
  fromAddress: "news@bloom.example",
  replyTo: "hello@bloom.example",
  postalAddress: "12 Garden Row\nLeeds",
  logoUrl: null,
  websiteUrl: "https://bloom.example/",
};

describe("allowedSenderDomains", () => {
  it("defaults to the domain of the deployment's address", () => {
    expect(allowedSenderDomains(undefined, deployment)).toEqual(["mail.acme.example"]);
    expect(allowedSenderDomains("  ", deployment)).toEqual(["mail.acme.example"]);
  });
  it("reads SENDER_DOMAINS split by commas or spaces, lower-cased, without @ or a final dot", () => {
    expect(allowedSenderDomains("Bloom.Example, @mail.acme.example  shop.example. bloom.example", deployment)).toEqual([
      "bloom.example",
      "mail.acme.example",
      "shop.example",
    ]);
  });
});

describe("resolveSender", () => {
  const allowed = ["bloom.example", "mail.acme.example"];
  it("without a profile: the deployment's From as configured, no Reply-To", () => {
    expect(resolveSender(null, deployment, allowed)).toEqual({
      ok: true,
      sender: { from: { name: "Kinetic", address: "no-reply@mail.acme.example" }, domain: "mail.acme.example" },
    });
    expect(resolveSender(null, { name: null, address: "a@b.example" }, allowed)).toEqual({
      ok: true,
      sender: { from: "a@b.example", domain: "b.example" },
    });
  });
  it("with a profile: its name and address, its Reply-To, its domain for Message-IDs", () => {
    expect(resolveSender(profile, deployment, allowed)).toEqual({
      ok: true,
      sender: { from: { name: "Bloom & Co", address: "news@bloom.example" }, domain: "bloom.example", replyTo: "hello@bloom.example" },
    });
  });
  it("matches the domain case-insensitively and exactly (a subdomain is another domain)", () => {
    expect(resolveSender({ ...profile, fromAddress: "News@BLOOM.example" }, deployment, allowed).ok).toBe(true);
    expect(resolveSender({ ...profile, fromAddress: "news@eu.bloom.example" }, deployment, allowed).ok).toBe(false);
    expect(resolveSender({ ...profile, fromAddress: "news@bloom.example.evil" }, deployment, allowed).ok).toBe(false);
  });
  it("an empty From sends from the deployment's address under the brand's name", () => {
    expect(resolveSender({ ...profile, fromAddress: null, replyTo: null }, deployment, allowed)).toEqual({
      ok: true,
      sender: { from: { name: "Bloom & Co", address: "no-reply@mail.acme.example" }, domain: "mail.acme.example" },
    });
  });
  it("refuses a From outside the allowed domains and says what to do", () => {
    const r = resolveSender({ ...profile, fromAddress: "ceo@gmail.com" }, deployment, allowed);
    expect(r).toEqual({ ok: false, error: disallowedFromMessage("ceo@gmail.com", allowed) });
    expect(disallowedFromMessage("ceo@gmail.com", ["mail.acme.example"])).toBe(
      "The From address ceo@gmail.com is on gmail.com, which this deployment may not send from (allowed: mail.acme.example). " +
        "Use an address on mail.acme.example on your brand page, or leave the From address empty to send from the deployment's address; " +
        "an operator can add the domain to SENDER_DOMAINS once it is verified with the email provider.",
    );
  });
});

describe("the footer's sender values", () => {
  it("come from the profile; without one, the deployment's name and nothing invented", () => {
    expect(senderFooter(profile, "Kinetic")).toEqual({
      name: "Bloom & Co",
      postalAddress: "12 Garden Row\nLeeds",
      website: "https://bloom.example/",
    });
    expect(senderFooter(null, "Kinetic")).toEqual({ name: "Kinetic", postalAddress: "", website: "" });
  });
  it("are HTML-escaped, the address on one line", () => {
    expect(
      senderValueMap({ name: "A <b>", postalAddress: "1 Main St,\r\n\r\n  Springfield \n", website: "https://x.example/?a=1&b=2" }),
    ).toEqual({
      SENDER_NAME: "A &lt;b&gt;",
      SENDER_POSTAL_ADDRESS: "1 Main St, Springfield",
      SENDER_WEBSITE: "https://x.example/?a=1&amp;b=2",
    });
  });
});

describe("the brand page's form", () => {
  const ok = { senderName: " Bloom ", fromAddress: "", replyTo: "", postalAddress: "  ", logoUrl: "", websiteUrl: "" };
  it("stores blank optional fields as null and trims", () => {
    expect(SenderProfileFormSchema.parse(ok)).toEqual({
      senderName: "Bloom",
      fromAddress: null,
      replyTo: null,
      postalAddress: null,
      logoUrl: null,
      websiteUrl: null,
    });
  });
  it("refuses a name on two lines (a header), an address with a display name, and non-web URLs", () => {
    const r = SenderProfileFormSchema.safeParse({
      ...ok,
      senderName: "A\r\nBcc: x@y.example",
      fromAddress: "Bloom <news@bloom.example>",
      logoUrl: "javascript:alert(1)",
      websiteUrl: "ftp://x.example",
    });
    expect(r.success).toBe(false);
    const fields = r.success ? [] : r.error.issues.map((i) => i.path[0]);
    expect(fields.sort()).toEqual(["fromAddress", "logoUrl", "senderName", "websiteUrl"]);
  });
  it("bounds every field", () => {
    const r = SenderProfileFormSchema.safeParse({
      ...ok,
      senderName: "x".repeat(81),
      postalAddress: "x".repeat(301),
      replyTo: `${"a".repeat(65)}@b.example`,
    });
    expect(r.success ? [] : r.error.issues.map((i) => i.path[0]).sort()).toEqual(["postalAddress", "replyTo", "senderName"]);
  });
});

describe("profileLogo", () => {
  it("is the profile's https logo, with the brand's name as alt text, in the box of a logo of unknown size", () => {
    expect(profileLogo({ senderName: "Bloom & Co", logoUrl: "https://cdn.bloom.example/logo.png" })).toEqual({
      src: "https://cdn.bloom.example/logo.png",
      alt: "Bloom & Co",
      width: 160,
      height: 40,
    });
  });

  it("is null without a logo, or with one an email cannot load safely", () => {
    expect(profileLogo(null)).toBeNull();
    expect(profileLogo({ senderName: "Bloom", logoUrl: null })).toBeNull();
    expect(profileLogo({ senderName: "Bloom", logoUrl: "http://cdn.bloom.example/logo.png" })).toBeNull();
  });
});

import { createHmac } from "node:crypto";
import { signMailgun, signSvix, verifyMailgun, verifyMailgunBody, verifySvix } from "./signatures";
import { MAILGUN_VECTORS } from "../../../test/fixtures/webhooks/mailgun-vectors";
import {
  SVIX_DEFAULT_SECRET_UNPREFIXED,
  SVIX_MULTI_SIGNATURE_HEADER,
  SVIX_OTHER_SPELLINGS,
  SVIX_REFERENCE,
  SVIX_REFUSED_SIGNATURE_HEADERS,
  SVIX_SIGNING_VECTORS,
} from "../../../test/fixtures/webhooks/svix-vectors";

describe("verifyMailgun", () => {
  const key = "key-0123456789abcdef";
  const now = new Date("2026-11-21T12:00:00Z");
  const ts = Math.floor(now.getTime() / 1000);
  const opts = { now, maxAgeSec: 300 };

  it("accepts hex HMAC-SHA256 of timestamp+token and returns the token for replay checks", () => {
    const token = "a".repeat(50);
    const signature = createHmac("sha256", key).update(`${ts}${token}`).digest("hex");
    const r = verifyMailgun({ signature: { timestamp: String(ts), token, signature }, "event-data": {} }, key, opts);
    expect(r).toEqual({ ok: true, token, timestamp: new Date(ts * 1000) });
  });

  it("round-trips with signMailgun and accepts a numeric timestamp", () => {
    const sig = signMailgun(key, { timestampSec: ts });
    expect(sig.token).toHaveLength(50);
    expect(verifyMailgun({ signature: { ...sig, timestamp: Number(sig.timestamp) } }, key, opts).ok).toBe(true);
  });

  it.each([
    ["no signature object", {}, "missing_signature"],
    ["signature fields missing", { signature: { token: "t" } }, "missing_signature"],
    ["wrong key", { signature: signMailgun("other-key", { timestampSec: ts }) }, "invalid_signature"],
    ["not hex", { signature: { ...signMailgun(key, { timestampSec: ts }), signature: "zz" } }, "invalid_signature"],
    [
      "truncated",
      {
        signature: {
          ...signMailgun(key, { timestampSec: ts, token: "t" }),
          signature: signMailgun(key, { timestampSec: ts, token: "t" }).signature.slice(0, 62),
        },
      },
      "invalid_signature",
    ],
    ["stale", { signature: signMailgun(key, { timestampSec: ts - 301 }) }, "stale_timestamp"],
    ["from the future", { signature: signMailgun(key, { timestampSec: ts + 301 }) }, "stale_timestamp"],
  ])("rejects: %s", (_, body, error) => {
    expect(verifyMailgun(body, key, opts)).toEqual({ ok: false, error });
  });

  it("accepts the edge of the age window", () => {
    expect(verifyMailgun({ signature: signMailgun(key, { timestampSec: ts - 300 }) }, key, opts).ok).toBe(true);
  });

  it("tampering with the token breaks the signature", () => {
    const sig = signMailgun(key, { timestampSec: ts, token: "t1" });
    expect(verifyMailgun({ signature: { ...sig, token: "t2" } }, key, opts)).toEqual({ ok: false, error: "invalid_signature" });
  });

  it("fails closed without a key", () => {
    expect(verifyMailgun({ signature: signMailgun(key) }, "", opts)).toEqual({ ok: false, error: "bad_secret" });
  });
});

describe("verifyMailgunBody", () => {
  const key = "key-0123456789abcdef";
  const now = new Date("2026-11-21T12:00:00Z");
  const ts = Math.floor(now.getTime() / 1000);
  const opts = { now, maxAgeSec: 300 };

  it("reads only the signature member: the event after it need not even be JSON", () => {
    const sig = signMailgun(key, { timestampSec: ts });
    expect(verifyMailgunBody(`{"signature":${JSON.stringify(sig)},"event-data": <not json>`, key, opts)).toEqual({
      ok: true,
      token: sig.token,
      timestamp: new Date(ts * 1000),
    });
    const bad = { ...sig, signature: "0".repeat(64) };
    expect(verifyMailgunBody(`{"signature":${JSON.stringify(bad)},"event-data": <not json>`, key, opts)).toEqual({
      ok: false,
      error: "invalid_signature",
    });
  });

  it("finds the signature after the event too", () => {
    const sig = signMailgun(key, { timestampSec: ts });
    expect(verifyMailgunBody(JSON.stringify({ "event-data": { event: "delivered" }, signature: sig }), key, opts).ok).toBe(true);
  });

  it.each([
    ["not JSON", "nope"],
    ["an array", "[]"],
    ["no signature member", '{"event-data":{}}'],
    ["a signature member that is not JSON", '{"signature":{"token":x}}'],
    ["a signature member of the wrong shape", '{"signature":"abc"}'],
    ["a signature member over 4096 characters", `{"signature":{"token":"${"t".repeat(5000)}","timestamp":"1","signature":"00"}}`],
  ])("%s is a missing signature", (_, body) => {
    expect(verifyMailgunBody(body, key, opts)).toEqual({ ok: false, error: "missing_signature" });
  });

  it.each([
    ["1e300", "1e+300"],
    ["-1", "-1"],
    ["abc", "abc"],
    ["20 digits", "99999999999999999999"],
    ["NaN", "NaN"],
    ["Infinity", "Infinity"],
    ["empty", ""],
    ["far future", String(ts + 10 * 365 * 86400)],
    ["milliseconds", String(now.getTime())],
  ])("a signed but absurd timestamp (%s) is stale", (_, timestamp) => {
    const token = "t".repeat(50);
    const signature = createHmac("sha256", key)
      .update(timestamp + token)
      .digest("hex");
    expect(verifyMailgunBody(JSON.stringify({ signature: { timestamp, token, signature } }), key, opts)).toEqual({
      ok: false,
      error: "stale_timestamp",
    });
  });
});

describe("verifySvix", () => {
  // The Standard Webhooks specification's published test vector.
  const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
  const id = "msg_p5jXN8AQM9LWM0D4loKWxJek";
  const body = '{"test": 2432232314}';
  const signedAt = 1614265330;
  const now = new Date(signedAt * 1000 + 10_000);
  const opts = { now, toleranceSec: 300 };
  const vector = { "svix-id": id, "svix-timestamp": String(signedAt), "svix-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=" };

  it("accepts the reference vector, from a plain object or a Headers instance", () => {
    expect(verifySvix(body, vector, secret, opts)).toEqual({ ok: true, id, timestamp: new Date(signedAt * 1000) });
    expect(verifySvix(body, new Headers(vector), secret, opts).ok).toBe(true);
  });

  it("signSvix reproduces the reference signature", () => {
    expect(signSvix(secret, body, { id, timestampSec: signedAt })).toEqual(vector);
  });

  it("accepts any matching entry among several and the webhook-* header names", () => {
    const headers = { ...vector, "svix-signature": `v1,AAAA v2,xyz ${vector["svix-signature"]}` };
    expect(verifySvix(body, headers, secret, opts).ok).toBe(true);
    const std = { "webhook-id": id, "webhook-timestamp": String(signedAt), "webhook-signature": vector["svix-signature"] };
    expect(verifySvix(body, std, secret, opts).ok).toBe(true);
  });

  it.each([
    ["a changed body", { body: '{"test": 2432232315}' }, "invalid_signature"],
    ["a changed id", { headers: { ...vector, "svix-id": "msg_other" } }, "invalid_signature"],
    ["a changed timestamp", { headers: { ...vector, "svix-timestamp": String(signedAt + 1) } }, "invalid_signature"],
    ["a wrong secret", { secret: "whsec_c2VjcmV0LW9mLWEtcm90YXRlZC1lbmRwb2ludA==" }, "invalid_signature"],
    [
      "only a v2 entry",
      { headers: { ...vector, "svix-signature": "v2,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=" } },
      "invalid_signature",
    ],
    ["a missing header", { headers: { "svix-id": id, "svix-timestamp": String(signedAt) } }, "missing_signature"],
    ["a stale timestamp", { now: new Date((signedAt + 301) * 1000) }, "stale_timestamp"],
    ["a secret that is not base64", { secret: "whsec_***" }, "bad_secret"],
  ])("rejects %s", (_, change, error) => {
    const c = change as { body?: string; headers?: Record<string, string>; secret?: string; now?: Date };
    expect(verifySvix(c.body ?? body, c.headers ?? vector, c.secret ?? secret, { ...opts, now: c.now ?? now })).toEqual({
      ok: false,
      error,
    });
  });
});

// ---------------------------------------------------------------- the providers' own vectors

describe("Mailgun SDK vectors", () => {
  it.each(MAILGUN_VECTORS)("$source → valid: $valid", (v) => {
    const now = new Date(Number(v.timestamp) * 1000);
    const r = verifyMailgun({ signature: { timestamp: v.timestamp, token: v.token, signature: v.signature } }, v.key, {
      now,
      maxAgeSec: 300,
    });
    expect(r.ok).toBe(v.valid);
    if (v.valid) expect(signMailgun(v.key, { timestampSec: Number(v.timestamp), token: v.token }).signature).toBe(v.signature);
  });
});

describe("Mailgun: the signature text is compared exactly (64 lowercase hex digits)", () => {
  const v = MAILGUN_VECTORS[0];
  const now = new Date(Number(v.timestamp) * 1000);
  const check = (signature: string) =>
    verifyMailgun({ signature: { timestamp: v.timestamp, token: v.token, signature } }, v.key, { now, maxAgeSec: 300 });

  it("accepts the vector as given", () => {
    expect(check(v.signature).ok).toBe(true);
  });

  it.each([
    ["uppercase", v.signature.toUpperCase()],
    ["one uppercase digit", v.signature.replace(/d33$/, "D33")],
    ["a 65th digit", `${v.signature}0`],
    ["a 65th and 66th digit", `${v.signature}00`],
    ["63 digits", v.signature.slice(0, 63)],
    ["a 0x prefix", `0x${v.signature}`],
    ["a trailing space", `${v.signature} `],
    ["a leading newline", `\n${v.signature}`],
  ])("refuses %s", (_, signature) => {
    expect(check(signature)).toEqual({ ok: false, error: "invalid_signature" });
  });
});

describe("Mailgun subaccounts: parent-signature", () => {
  const primary = "key-primary-account-0123456789";
  const sub = "key-subaccount-9876543210";
  const now = new Date("2026-11-21T12:00:00Z");
  const ts = Math.floor(now.getTime() / 1000);
  const opts = { now, maxAgeSec: 300 };
  // The documented shape (documentation.mailgun.com, Securing Webhooks): the signature object of
  // a subaccount's event carries `parent-signature` next to `signature`.
  const subEvent = signMailgun(sub, { timestampSec: ts, parentKey: primary });

  it("the subaccount's event has both, each keyed with its account's key", () => {
    expect(Object.keys(subEvent).sort()).toEqual(["parent-signature", "signature", "timestamp", "token"]);
    expect(subEvent["parent-signature"]).toBe(createHmac("sha256", primary).update(`${ts}${subEvent.token}`).digest("hex"));
  });

  it("a deployment holding the primary key accepts it through parent-signature", () => {
    expect(verifyMailgun({ signature: subEvent }, primary, opts)).toEqual({
      ok: true,
      token: subEvent.token,
      timestamp: new Date(ts * 1000),
    });
    expect(verifyMailgunBody(JSON.stringify({ signature: subEvent, "event-data": { event: "failed" } }), primary, opts).ok).toBe(true);
  });

  it("a deployment holding the subaccount's key accepts it through signature", () => {
    expect(verifyMailgun({ signature: subEvent }, sub, opts).ok).toBe(true);
  });

  it("the primary key still accepts the primary account's own events (no parent-signature)", () => {
    expect(verifyMailgun({ signature: signMailgun(primary, { timestampSec: ts }) }, primary, opts).ok).toBe(true);
  });

  it("refuses when neither matches, and holds parent-signature to the same exact text", () => {
    expect(verifyMailgun({ signature: subEvent }, "key-someone-else", opts)).toEqual({ ok: false, error: "invalid_signature" });
    const upper = { ...subEvent, "parent-signature": subEvent["parent-signature"]!.toUpperCase() };
    expect(verifyMailgun({ signature: upper }, primary, opts)).toEqual({ ok: false, error: "invalid_signature" });
    const longer = { ...subEvent, "parent-signature": `${subEvent["parent-signature"]}0` };
    expect(verifyMailgun({ signature: longer }, primary, opts)).toEqual({ ok: false, error: "invalid_signature" });
  });

  it("a parent-signature does not make a stale timestamp fresh", () => {
    const old = signMailgun(sub, { timestampSec: ts - 301, parentKey: primary });
    expect(verifyMailgun({ signature: old }, primary, opts)).toEqual({ ok: false, error: "stale_timestamp" });
  });
});

describe("Svix / Standard Webhooks official vectors", () => {
  it.each(SVIX_SIGNING_VECTORS)("$source: signSvix reproduces it and verifySvix accepts it", (v) => {
    expect(signSvix(v.secret, v.payload, { id: v.id, timestampSec: v.timestamp })["svix-signature"]).toBe(v.signature);
    const headers = { "svix-id": v.id, "svix-timestamp": String(v.timestamp), "svix-signature": v.signature };
    expect(verifySvix(v.payload, headers, v.secret, { now: new Date(v.timestamp * 1000), toleranceSec: 300 })).toEqual({
      ok: true,
      id: v.id,
      timestamp: new Date(v.timestamp * 1000),
    });
  });

  const v = SVIX_REFERENCE;
  const opts = { now: new Date(v.timestamp * 1000), toleranceSec: 300 };
  const headers = (signature: string) => ({ "svix-id": v.id, "svix-timestamp": String(v.timestamp), "svix-signature": signature });

  it("the secret with or without the whsec_ prefix (the libraries' 'with and without prefix' test)", () => {
    expect(verifySvix(v.payload, headers(v.signature), SVIX_DEFAULT_SECRET_UNPREFIXED, opts).ok).toBe(true);
  });

  it("the multi-signature header of the libraries' tests", () => {
    expect(verifySvix(v.payload, headers(SVIX_MULTI_SIGNATURE_HEADER), v.secret, opts).ok).toBe(true);
  });

  it.each(SVIX_REFUSED_SIGNATURE_HEADERS)("refuses $source", ({ header }) => {
    expect(verifySvix(v.payload, headers(header), v.secret, opts)).toEqual({ ok: false, error: "invalid_signature" });
  });

  it.each(SVIX_OTHER_SPELLINGS)("compares the base64 text: refuses the right bytes as $name", ({ header }) => {
    expect(verifySvix(v.payload, headers(header), v.secret, opts)).toEqual({ ok: false, error: "invalid_signature" });
    // Alongside the right entry the header is still accepted: any one entry may match.
    expect(verifySvix(v.payload, headers(`${header} ${v.signature}`), v.secret, opts).ok).toBe(true);
  });
});

describe("Svix secrets in raw form", () => {
  const id = "msg_raw";
  const ts = 1764201600;
  const body = '{"type":"email.delivered"}';
  const opts = { now: new Date(ts * 1000), toleranceSec: 300 };
  const raw = "a plain-text secret, not base64!";
  const expected = `v1,${createHmac("sha256", Buffer.from(raw, "utf8")).update(`${id}.${ts}.${body}`).digest("base64")}`;
  const headers = (signature: string) => ({ "svix-id": id, "svix-timestamp": String(ts), "svix-signature": signature });

  it("uses the secret's UTF-8 bytes as the key", () => {
    expect(signSvix(raw, body, { id, timestampSec: ts, secretFormat: "raw" })["svix-signature"]).toBe(expected);
    expect(verifySvix(body, headers(expected), raw, { ...opts, secretFormat: "raw" })).toEqual({
      ok: true,
      id,
      timestamp: new Date(ts * 1000),
    });
  });

  it("is the same key as the whsec_ form of those bytes", () => {
    const whsec = `whsec_${Buffer.from(raw, "utf8").toString("base64")}`;
    expect(verifySvix(body, headers(expected), whsec, opts).ok).toBe(true);
  });

  it("takes a raw secret literally, prefix and all", () => {
    const literal = SVIX_REFERENCE.secret;
    const signed = signSvix(literal, body, { id, timestampSec: ts, secretFormat: "raw" })["svix-signature"];
    expect(signed).toBe(`v1,${createHmac("sha256", Buffer.from(literal, "utf8")).update(`${id}.${ts}.${body}`).digest("base64")}`);
    expect(verifySvix(body, headers(signed), literal, { ...opts, secretFormat: "raw" }).ok).toBe(true);
    expect(verifySvix(body, headers(signed), literal, opts)).toEqual({ ok: false, error: "invalid_signature" });
  });

  it("a raw secret that is not base64 is usable, while in whsec form it is not; an empty one never is", () => {
    expect(verifySvix(body, headers(expected), raw, opts)).toEqual({ ok: false, error: "bad_secret" });
    expect(verifySvix(body, headers(expected), "", { ...opts, secretFormat: "raw" })).toEqual({ ok: false, error: "bad_secret" });
  });
});

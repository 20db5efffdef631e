import { findJsonMember } from "./json-member";

describe("findJsonMember", () => {
  it.each([
    ['{"signature":{"a":1},"b":2}', '{"a":1}'],
    ['  {\n "b" : [1, {"signature": 3}, "}"] ,\t"signature" : "x\\"}" }', '"x\\"}"'],
    ['{"a":"\\\\","signature":null}', "null"],
    ['{"a":{"b":{"c":[[["{"]]]}},"signature":-1.5e3}', "-1.5e3"],
    ['{"sig\\u006eature":[1,2]}', "[1,2]"],
    ['{"signature":{"t":"]}"},"rest": this is not json at all', '{"t":"]}"}'],
  ])("finds it in %s", (json, text) => {
    expect(findJsonMember(json, "signature", 1000)).toEqual({ ok: true, found: true, text });
  });

  it("agrees with JSON.parse on well-formed objects", () => {
    const bodies = [
      { signature: { timestamp: "1", token: "t", signature: "s" }, "event-data": { a: [1, "]", { b: "}" }] } },
      { "event-data": { signature: "nested, not top-level" }, x: '\\"', signature: [true, false, null] },
      { a: "ü€😀", signature: "ü€😀" },
    ];
    for (const body of bodies) {
      const found = findJsonMember(JSON.stringify(body, null, 2), "signature", 1000);
      expect(found.ok && found.found && JSON.parse(found.text)).toEqual(body.signature);
    }
  });

  it("takes the first of duplicate members and looks no further", () => {
    expect(findJsonMember('{"signature":1,"signature":2', "signature", 10)).toEqual({ ok: true, found: true, text: "1" });
  });

  it.each([
    ["{}", { ok: true, found: false }],
    ['{"a":1}', { ok: true, found: false }],
    ['{"event-data":{"signature":1}}', { ok: true, found: false }],
    ["[1]", { ok: false, error: "not_object" }],
    ["", { ok: false, error: "not_object" }],
    ["not json", { ok: false, error: "not_object" }],
    ['{"a":1 "signature":2}', { ok: false, error: "malformed" }],
    ['{"a" 1}', { ok: false, error: "malformed" }],
    ["{a:1}", { ok: false, error: "malformed" }],
    ['{"a":"unterminated', { ok: false, error: "malformed" }],
    ['{"a":[1,2', { ok: false, error: "malformed" }],
    ['{"a":', { ok: false, error: "malformed" }],
    ['{"bad\\escape":1}', { ok: false, error: "malformed" }],
    [`{"signature":"${"x".repeat(20)}"}`, { ok: false, error: "too_large" }],
  ])("%s → %j", (json, expected) => {
    expect(findJsonMember(json, "signature", 10)).toEqual(expected);
  });

  it("stays linear on deep nesting and long strings", () => {
    const deep = `{"a":${"[".repeat(100_000)}${"]".repeat(100_000)},"signature":1}`;
    expect(findJsonMember(deep, "signature", 10)).toEqual({ ok: true, found: true, text: "1" });
    const escapes = `{"a":"${"\\\\".repeat(100_000)}","signature":2}`;
    expect(findJsonMember(escapes, "signature", 10)).toEqual({ ok: true, found: true, text: "2" });
  });
});

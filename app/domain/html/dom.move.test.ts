// Moving many nodes at once (the auto-fix moves every top-level node into <body>) keeps order and
// sibling links, and touches each parent once rather than once per node.
import { append, fragment, insertAt, type DomElement } from "./dom";
import { parseDocument } from "htmlparser2";
import { PARSE_OPTIONS } from "./dom";

describe("insertAt with many nodes", () => {
  it("moves 50,000 top-level nodes into an element, in order, with sibling links", () => {
    const doc = parseDocument("<!-- c -->x<i></i>".repeat(50_000 / 3 + 1), PARSE_OPTIONS);
    const moving = [...doc.children];
    const body = fragment("<body></body>")[0] as DomElement;
    insertAt(doc, doc.children.length, [body]);
    append(body, moving);
    expect(doc.children).toEqual([body]);
    expect(body.children).toHaveLength(moving.length);
    expect(
      body.children.every(
        (c, i) => c === moving[i] && c.parent === body && c.prev === (moving[i - 1] ?? null) && c.next === (moving[i + 1] ?? null),
      ),
    ).toBe(true);
  });

  it("moves nodes within their own parent", () => {
    const doc = parseDocument("<a></a><b></b><c></c><d></d><e></e><f></f><g></g><h></h><i></i><j></j>", PARSE_OPTIONS);
    const [a, b, ...rest] = doc.children;
    insertAt(doc, 10, rest);
    expect(doc.children.map((n) => (n as DomElement).name).join("")).toBe("abcdefghij");
    insertAt(doc, 0, [...rest].reverse());
    expect(doc.children.map((n) => (n as DomElement).name).join("")).toBe("jihgfedcab");
    expect(a.next).toBe(b);
  });
});

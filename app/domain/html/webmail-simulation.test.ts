import { describe, expect, it } from "vitest";
import { render } from "~/domain/render";
import { sampleBlueprint } from "../../../test/fixtures/blueprints";
import { simulateWebmail } from "./webmail-simulation";

function email(): string {
  const r = render(sampleBlueprint("tabs", "itemCart"));
  if (!r.ok) throw new Error("fixture does not render");
  return r.html;
}

const styles = (html: string) => [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("\n");

describe("Gmail", () => {
  it("drops every :checked rule, nested ones too, and keeps the rest", () => {
    const html = email();
    expect(styles(html)).toContain(":checked");
    const out = simulateWebmail(html, "gmail");
    expect(styles(out.html)).not.toMatch(/:checked/);
    expect(styles(out.html)).toMatch(/u\s*\+\s*\.body \.kx-int/);
    expect(out.changes[0]).toMatch(/^Removed \d+ CSS rules using :checked$/);
  });

  it("turns the doctype and body into <u></u><div class=body> with the body's attributes", () => {
    const out = simulateWebmail(
      '<!DOCTYPE html><html><head><style>@media (max-width:600px){.a:checked ~ .b{color:red}} .c{color:blue}</style></head><body class="body" style="margin:0"><p>Hi</p></body></html>',
      "gmail",
    );
    expect(out.html).toContain('<body><u></u><div class="body" style="margin:0"><p>Hi</p></div></body>');
    expect(out.html).not.toContain(":checked");
    expect(out.html).toContain(".c{color:blue}");
  });

  it("adds no <u></u> without a doctype (Gmail's u + .body then does not match)", () => {
    const out = simulateWebmail('<html><body class="body"><p>Hi</p></body></html>', "gmail");
    expect(out.html).not.toContain("<u>");
    expect(out.changes.join(" ")).toContain("no doctype");
  });

  it("walks nested tables as deep as a real email's", () => {
    const deep = `<!DOCTYPE html><html><body class="body">${'<div class="d">'.repeat(500)}x${"</div>".repeat(500)}</body></html>`;
    expect(simulateWebmail(deep, "outlook-com").html.match(/class="x_d"/g)).toHaveLength(500);
    expect(simulateWebmail(deep, "gmail").html).toContain('<u></u><div class="body">');
  });
});

describe("Outlook.com", () => {
  it("renames every class to x_… and leaves the CSS alone", () => {
    const html = email();
    const out = simulateWebmail(html, "outlook-com");
    const classes = [...out.html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/).filter(Boolean));
    expect(classes.length).toBeGreaterThan(10);
    for (const c of classes) expect(c.startsWith("x_")).toBe(true);
    expect(styles(out.html)).toBe(styles(html).replace(/&gt;/g, ">"));
  });
});

// Input limits of client HTML (docs/api.md "Input limits"): deep or huge markup answers a clear
// 400/413, as the API gives it (serviceError), before anything recursive or super-linear sees it.
import { checkHtmlShape, HTML_LIMITS, type HtmlLimits } from "~/domain/html/limits";
import { serviceError } from "~/http/responses.server";
import { checkHtmlInputs as checkHtml } from "./html-inputs.server";

/** The check as a route answers it: the error response, or null. */
async function checkHtmlInputs(
  parts: Array<{ field: string; html: string }>,
  together?: string,
  limits?: Partial<HtmlLimits>,
): Promise<Response | null> {
  const refused = await checkHtml(parts, together, limits);
  return refused && serviceError(refused);
}

describe("checkHtmlInputs", () => {
  it("finds HTML nested 100,000 deep in one pass that stops at the depth limit", () => {
    const deep = "<div>".repeat(100_000) + "</div>".repeat(100_000);
    expect(checkHtmlShape(deep, { maxChars: Infinity })).toEqual({ ok: false, problem: { kind: "depth", limit: HTML_LIMITS.maxDepth } });
    expect(checkHtmlShape("<b>".repeat(100_000), { maxChars: Infinity })).toEqual({
      ok: false,
      problem: { kind: "depth", limit: HTML_LIMITS.maxDepth },
    });
    // Implied end tags close elements, as in the tree the parser builds: 100,000 <p> are siblings.
    expect(checkHtmlShape("<p>x".repeat(5000), { maxChars: Infinity, maxNodes: Infinity })).toMatchObject({
      ok: true,
      depth: 1,
      elements: 5000,
      nodes: 10_000,
    });
  });

  it("answers 413 for HTML nested 100,000 deep (it is over the size limit too), 400 for 300 levels", async () => {
    const deep = await checkHtmlInputs([{ field: "currentHtml", html: "<div>".repeat(100_000) + "</div>".repeat(100_000) }]);
    expect(deep?.status).toBe(413);
    expect(await deep!.json()).toMatchObject({ field: "currentHtml", reason: "chars", limit: HTML_LIMITS.maxChars });
    const res = await checkHtmlInputs([{ field: "currentHtml", html: "<div>".repeat(300) + "</div>".repeat(300) }]);
    expect(res?.status).toBe(400);
    expect(await res!.json()).toMatchObject({
      field: "currentHtml",
      limit: HTML_LIMITS.maxDepth,
      reason: "depth",
      error: `currentHtml is nested too deeply: more than ${HTML_LIMITS.maxDepth} levels of elements`,
    });
  });

  it("answers 413 for HTML over the character, node or CSS limits", async () => {
    const tooLong = await checkHtmlInputs([{ field: "html", html: "x".repeat(HTML_LIMITS.maxChars + 1) }]);
    expect(tooLong?.status).toBe(413);
    expect(await tooLong!.json()).toMatchObject({ field: "html", reason: "chars", limit: HTML_LIMITS.maxChars });
    const tiny = await checkHtmlInputs([{ field: "html", html: "<i></i>".repeat(HTML_LIMITS.maxNodes + 1) }]);
    expect(tiny?.status).toBe(413);
    expect(await tiny!.json()).toMatchObject({ reason: "nodes", limit: HTML_LIMITS.maxNodes });
    const css = await checkHtmlInputs([{ field: "html", html: `<style>${"a{b:c}".repeat(HTML_LIMITS.maxStyleChars)}</style>` }]);
    expect(await css!.json()).toMatchObject({ reason: "style", limit: HTML_LIMITS.maxStyleChars });
  });

  it("answers 400 for CSS nested past the limit (2,000 nested @media overflowed the stack: a 500)", async () => {
    const css = "@media screen{".repeat(2000) + "}".repeat(2000);
    const res = await checkHtmlInputs([{ field: "htmlContent", html: `<html><head><style>${css}</style></head><body></body></html>` }]);
    expect(res?.status).toBe(400);
    expect(await res!.json()).toMatchObject({ field: "htmlContent", reason: "css-depth", limit: HTML_LIMITS.maxCssDepth });
    // An unclosed <style> is checked too.
    expect((await (await checkHtmlInputs([{ field: "html", html: `<style>${"a{".repeat(100)}` }]))!.json()).reason).toBe("css-depth");
  });

  it("gives parts of one email one budget", async () => {
    const part = "<i></i>".repeat(Math.floor(HTML_LIMITS.maxNodes / 3));
    const parts = [0, 1, 2, 3].map((i) => ({ field: `savedSections.${i}.html`, html: part }));
    expect(await checkHtmlInputs(parts.slice(0, 2), "savedSections")).toBeNull();
    const res = await checkHtmlInputs(parts, "savedSections");
    expect(res?.status).toBe(413);
    expect(await res!.json()).toMatchObject({ field: "savedSections", reason: "nodes", limit: HTML_LIMITS.maxNodes });
  });

  it("counts a text node once however many entities split it", () => {
    expect(checkHtmlShape("<p>a&amp;b&nbsp;c&#169;d</p><!-- x -->e")).toMatchObject({ ok: true, elements: 1, nodes: 4 });
  });

  it("accepts a real email", async () => {
    const email = `<!DOCTYPE html><html><head><style>.a{color:red}</style></head><body>${"<table><tr><td><p>Hi <a href='x'>there</a></p></td></tr></table>".repeat(200)}</body></html>`;
    expect(await checkHtmlInputs([{ field: "html", html: email }])).toBeNull();
  });
});

// A bad form submission, posted as a browser without JavaScript posts it: the page answers 400
// and shows the field's error next to the field, the field marked aria-invalid and described by
// the error (the builder's prompt step, the evals start form and the library's upload form).
import { parseDocument } from "htmlparser2";
import { findAll, textContent } from "domutils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PageClient } from "../helpers/pages";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PASSWORD = "correct horse battery";

let server: TestServer;
let admin: PageClient;

beforeAll(async () => {
  server = await startTestServer();
  const user = await createUserWithToken(server, { admin: true });
  admin = new PageClient(server);
  expect((await admin.signIn(user.email, PASSWORD)).status).toBe(302);
});

afterAll(() => server?.close());

/** The form control named `name`, its aria attributes, and the text of the elements it is described by. */
function field(html: string, name: string) {
  const doc = parseDocument(html);
  const all = findAll(() => true, doc.children);
  const controls = all.filter(
    (el) => ["input", "select", "textarea"].includes(el.name) && el.attribs.name === name && el.attribs.type !== "hidden",
  );
  expect(controls).toHaveLength(1);
  const el = controls[0];
  const describedBy = (el.attribs["aria-describedby"] ?? "").split(/\s+/).filter(Boolean);
  const texts = describedBy.map((id) =>
    all
      .filter((e) => e.attribs.id === id)
      .map((e) => textContent(e))
      .join(""),
  );
  return { invalid: el.attribs["aria-invalid"], value: el.attribs.value, describedBy, texts };
}

describe("field errors without JavaScript", () => {
  it("the builder's prompt step: an empty prompt answers 400 with the error on the prompt", async () => {
    const { csrf } = await admin.page("/builder");
    const res = await admin.post("/builder", {
      _csrf: csrf,
      intent: "understand",
      prompt: "   ",
      complexity: "intermediate",
      styleTheory: "auto",
      layout: "auto",
      useRAG: "on",
    });
    expect(res.status).toBe(400);
    const prompt = field(await res.text(), "prompt");
    expect(prompt.invalid).toBe("true");
    expect(prompt.texts).toContain("Describe the email you want");
  });

  it("the builder's image rows: a bad URL is marked on its own row (a blank row before it), the page post and the streamed route alike", async () => {
    const { csrf } = await admin.page("/builder");
    const body = {
      _csrf: csrf,
      prompt: "Spring sale for Bloom & Co: 20% off dresses until May 3",
      "images[0].name": "",
      "images[0].description": "",
      "images[0].url": "",
      "images[1].name": "hero",
      "images[1].description": "",
      "images[1].url": "ftp://cdn.example.com/hero.jpg",
    };
    const res = await admin.post("/builder", { ...body, intent: "understand" });
    expect(res.status).toBe(400);
    const html = await res.text();
    const url = field(html, "images[1].url");
    expect(url.invalid).toBe("true");
    expect(url.texts).toContain("Image url must be http(s) or a path starting with /");
    expect(url.value).toBe("ftp://cdn.example.com/hero.jpg");
    expect(field(html, "images[0].url").invalid).toBeUndefined();

    const streamed = await admin.post("/builder/generate", { ...body, intent: "generate" });
    expect(streamed.status).toBe(400);
    const json = (await streamed.json()) as { step: string; reply: { error: Record<string, string[]> } };
    expect(json.step).toBe("brief");
    expect(json.reply.error).toEqual({ "images[1].url": ["Image url must be http(s) or a path starting with /"] });
  });

  it("the evals start form: a blank label answers 400 with the error on the label, and keeps what was typed", async () => {
    const { csrf } = await admin.page("/admin/evals");
    const res = await admin.post("/admin/evals", { _csrf: csrf, intent: "start", set: "prompts.v1.json", label: "  ", limit: "2" });
    expect(res.status).toBe(400);
    const html = await res.text();
    const label = field(html, "label");
    expect(label.invalid).toBe("true");
    expect(label.texts).toContain("Give the run a label");
    expect(label.texts).toContain("How this run is named in lists and comparisons.");
    // The other fields are not marked, and the limit typed comes back.
    expect(field(html, "limit").invalid).toBeUndefined();
    expect(field(html, "limit").value).toBe("2");
  });

  it("the evals start form: a limit that is not a number is an error on the limit", async () => {
    const { csrf } = await admin.page("/admin/evals");
    const res = await admin.post("/admin/evals", {
      _csrf: csrf,
      intent: "start",
      set: "prompts.v1.json",
      label: "baseline",
      limit: "many",
    });
    expect(res.status).toBe(400);
    const limit = field(await res.text(), "limit");
    expect(limit.invalid).toBe("true");
    expect(limit.texts).toContain("The prompt limit must be a whole number");
  });

  it("the library's upload form: a blank description answers 400 on the description; the HTML and the lists typed come back", async () => {
    const { csrf } = await admin.page("/admin/library");
    const html = "<table><tr><td>Hello</td></tr></table>";
    const res = await admin.post("/admin/library", {
      _csrf: csrf,
      intent: "submit",
      uploadType: "html",
      htmlContent: html,
      description: " ",
      keyFeatures: "tabs, carousel",
      exampleType: "positive",
    });
    expect(res.status).toBe(400);
    const page = await res.text();
    const description = field(page, "description");
    expect(description.invalid).toBe("true");
    expect(description.texts).toEqual(["Required"]);
    expect(field(page, "keyFeatures").value).toBe("tabs, carousel");
    expect(field(page, "keyFeatures").invalid).toBeUndefined();
    expect(page).toContain("&lt;table&gt;&lt;tr&gt;&lt;td&gt;Hello");
  });

  it("the library's upload form: a tag too long is an error on its list", async () => {
    const { csrf } = await admin.page("/admin/library");
    const res = await admin.post("/admin/library", {
      _csrf: csrf,
      intent: "submit",
      uploadType: "html",
      htmlContent: "<p>x</p>",
      description: "A test",
      keyFeatures: `tabs, ${"x".repeat(201)}`,
    });
    expect(res.status).toBe(400);
    const list = field(await res.text(), "keyFeatures");
    expect(list.invalid).toBe("true");
    expect(list.texts[0]).toMatch(/at most 200/);
  });
});

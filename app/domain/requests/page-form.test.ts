import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { BriefFormSchema, MAX_IMAGE_ROWS, MAX_SECTION_ROWS } from "./builder";
import { FORM_NAME_MESSAGES } from "./form-names";
import { namesRefused, parsePageForm } from "./page-form";

/** The builder post of the report: one field name with a huge index. */
function hostileBrief(name: string): FormData {
  const form = new FormData();
  form.append("_csrf", "token");
  form.append("intent", "understand");
  form.append("prompt", "Spring sale");
  form.append(name, name.endsWith("html") ? "<p>Footer</p>" : "https://x.test/a.png");
  return form;
}

describe("parsePageForm", () => {
  it.each([
    ["images[1000000].url", "images", MAX_IMAGE_ROWS],
    ["images[1000000000].url", "images", MAX_IMAGE_ROWS],
    ["savedSections[1000000].html", "savedSections", MAX_SECTION_ROWS],
    ["savedSections[1000000000].html", "savedSections", MAX_SECTION_ROWS],
  ])("%s: refused with a field error on %s, and nothing built for the index", (name, field, max) => {
    const submission = parsePageForm(hostileBrief(name), { schema: BriefFormSchema });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toEqual({ [field]: [FORM_NAME_MESSAGES.index(max)] });
    // What was typed comes back; the refused entry does not (no list of a million slots to send).
    expect(reply.initialValue).toEqual({ _csrf: "token", intent: "understand", prompt: "Spring sale" });
    expect(namesRefused(submission)).toMatchObject({ field, message: FORM_NAME_MESSAGES.index(max) });
  });

  it("a refused post never reaches the form's schema", () => {
    const rows = vi.fn((v: unknown) => v);
    const whole = vi.fn();
    const schema = z
      .object({ prompt: z.string(), images: z.preprocess(rows, z.array(z.object({ url: z.string() })).max(3)).optional() })
      .superRefine(whole);

    const refused = parsePageForm(hostileBrief("images[1000000].url"), { schema });
    expect(refused.status).toBe("error");
    expect(refused.reply().error).toEqual({ images: [FORM_NAME_MESSAGES.index(3)] });
    expect(rows).not.toHaveBeenCalled();
    expect(whole).not.toHaveBeenCalled();

    // The same schema on a post that fits it: it runs, and the value is the schema's.
    const fine = parsePageForm(hostileBrief("images[0].url"), { schema });
    expect(rows).toHaveBeenCalledTimes(1);
    expect(whole).toHaveBeenCalledTimes(1);
    expect(fine.status).toBe("success");
    expect(namesRefused(fine)).toBeUndefined();
  });

  it("a refusal about no one field is the form's own error", () => {
    const reply = parsePageForm(hostileBrief("nope[1000000]"), { schema: BriefFormSchema }).reply();
    expect(reply.error).toEqual({ "": [FORM_NAME_MESSAGES.unknown] });
  });

  it("a post the page itself makes parses as conform parses it", () => {
    const form = hostileBrief("images[1].url");
    form.append("images[1].name", "hero");
    form.append("images[0].url", "");
    const submission = parsePageForm(form, { schema: BriefFormSchema });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.images).toEqual([{ name: "hero", url: "https://x.test/a.png" }]);
  });

  it("reads URLSearchParams as well as FormData", () => {
    const params = new URLSearchParams({ prompt: "Spring sale", "savedSections[1000000000].html": "<p>x</p>" });
    expect(parsePageForm(params, { schema: BriefFormSchema }).reply().error).toEqual({
      savedSections: [FORM_NAME_MESSAGES.index(MAX_SECTION_ROWS)],
    });
  });
});

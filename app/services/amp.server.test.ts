// What one client address may write to the anonymous AMP survey endpoint: the three windows of
// admitSurveyPost, on a throwaway database, with the clock passed in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/composition/app.server";
import { signFormId, signSurveySend } from "~/lib/signed-form-id.server";
import { createTestApp } from "../../test/helpers/app-context";
import { admitSurveyPost, SURVEY_ADDRESS_WINDOW_MS, surveyAddress } from "./amp.server";

let app: AppContext;
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);

beforeAll(async () => {
  app = await createTestApp({
    env: { AMP_SURVEY_MAX_PER_MINUTE: 3, AMP_SURVEY_MAX_PER_ADDRESS_PER_HOUR: 10, AMP_SURVEY_MAX_BYTES_PER_ADDRESS_PER_HOUR: 10_000 },
  });
});
afterAll(() => app?.database.client.close());

describe("surveyAddress", () => {
  it("takes the addresses of sent copies this deployment signed, and refuses the rest", () => {
    const secret = app.env.SESSION_SECRET;
    expect(surveyAddress(app.env, signSurveySend(secret, "gen-1", "send-1"))).toEqual({
      ok: true,
      value: { formId: "gen-1", sendId: "send-1" },
    });
    expect(surveyAddress(app.env, "gen-1")).toMatchObject({ ok: false, status: 400, error: "Invalid form id" });
    expect(surveyAddress(app.env, signSurveySend("some-other-secret-of-32-characters-or-more", "gen-1", "send-1"))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(surveyAddress(app.env, signFormId("some-other-secret-of-32-characters-or-more", "gen-1"))).toMatchObject({
      ok: false,
      status: 404,
    });
    // The form's own address names no send.
    expect(surveyAddress(app.env, signFormId(secret, "gen-1"))).toMatchObject({
      ok: false,
      status: 410,
      error: expect.stringMatching(/names no send/),
    });
  });
});

describe("admitSurveyPost", () => {
  const post = (clientIp: string, formId: string, bytes: number, now: number) => admitSurveyPost(app, { clientIp, formId, bytes }, now);

  it("caps the posts of one address across all forms, per hour, and opens again after the hour", async () => {
    for (let i = 0; i < 10; i++) expect((await post("192.0.2.1", `form-${i}`, 10, T0 + i * 1000)).ok, `post ${i + 1}`).toBe(true);
    const refused = await post("192.0.2.1", "form-new", 10, T0 + 20_000);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    if (!refused.ok) expect(refused.retryAfterSeconds).toBe(Math.ceil((SURVEY_ADDRESS_WINDOW_MS - 20_000) / 1000));
    expect((await post("192.0.2.2", "form-new", 10, T0 + 20_000)).ok).toBe(true); // another address
    expect((await post("192.0.2.1", "form-new", 10, T0 + SURVEY_ADDRESS_WINDOW_MS)).ok).toBe(true);
  });

  it("bounds the bytes one address writes per hour, all forms together", async () => {
    expect((await post("192.0.2.3", "a", 4_000, T0)).ok).toBe(true);
    expect((await post("192.0.2.3", "b", 4_000, T0 + 1)).ok).toBe(true);
    expect((await post("192.0.2.3", "c", 2_000, T0 + 2)).ok).toBe(true); // exactly 10,000
    expect(await post("192.0.2.3", "d", 1, T0 + 3)).toMatchObject({ ok: false, status: 429 });
    expect((await post("192.0.2.3", "d", 4_000, T0 + SURVEY_ADDRESS_WINDOW_MS)).ok).toBe(true);
  });

  it("still caps one form per minute", async () => {
    for (let i = 0; i < 3; i++) expect((await post("192.0.2.4", "same", 1, T0 + i)).ok).toBe(true);
    const refused = await post("192.0.2.4", "same", 1, T0 + 3);
    expect(refused).toMatchObject({ ok: false, status: 429 });
    if (!refused.ok) expect(refused.retryAfterSeconds).toBe(60);
    expect((await post("192.0.2.4", "other", 1, T0 + 3)).ok).toBe(true);
  });
});

// Answers (docs/answers.md) in a real browser: a survey email is generated and sent (outbox provider); its
// HTML is read from the outbox's raw MIME; an answer link is opened, confirmed, and the thank-you
// page shows at 360 px; an AMP answer is posted; both appear on the results page and in its CSV.
import { expect, test } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { sampleBlueprint } from "../../test/fixtures/blueprints";
import { createToken, failOnScriptErrors, signIn, visit } from "./helpers";

failOnScriptErrors();

/** The path a received message's AMP survey form posts to (its AMP part, text/x-amp-html). */
function surveyActionOf(mail: ParsedMail): string {
  const amp = mail.attachments.find((a) => a.contentType === "text/x-amp-html")?.content.toString("utf8") ?? "";
  return new URL(/action-xhr="([^"]+)"/.exec(amp)![1]).pathname;
}

function npsBlueprint() {
  const bp = structuredClone(sampleBlueprint("survey", "quiz")) as {
    subject: string;
    interactiveConfig: { modules: Array<Record<string, unknown>> };
  };
  const survey = bp.interactiveConfig.modules.find((m) => m.technique === "survey") as { questions: unknown[] };
  survey.questions = [
    {
      question: "How likely are you to recommend Bloom to a friend?",
      options: Array.from({ length: 11 }, (_, i) => ({ label: String(i) })),
    },
    { question: "What should we improve first?", options: [{ label: "Delivery speed" }, { label: "Prices" }, { label: "Support" }] },
  ];
  return bp;
}

test("a survey answered from the received HTML and from AMP shows on the results page and in the CSV", async ({ page, browser }) => {
  await signIn(page, "/tokens");
  const token = await createToken(page, "answers-e2e");
  const auth = { Authorization: `Bearer ${token}` };

  const generated = await page.request.post("/api/generate", {
    headers: auth,
    data: { prompt: "Ask our customers for feedback", blueprint: npsBlueprint(), generateAmp: true },
  });
  expect(generated.status()).toBe(200);
  const { html, ampHtml, metadata } = (await generated.json()) as { html: string; ampHtml: string; metadata: { generationId: string } };

  const sent = await page.request.post("/api/send-email-esp", {
    headers: auth,
    data: { to: "reader@example.com", subject: "How did we do?", html, ampHtml },
  });
  expect(sent.status()).toBe(200);
  const { sendId } = (await sent.json()) as { sendId: string };
  const sentAmp = await page.request.post("/api/send-email-esp", {
    headers: auth,
    data: { to: "amp-reader@example.com", subject: "How did we do?", html, ampHtml },
  });
  const ampSendId = ((await sentAmp.json()) as { sendId: string }).sendId;

  // The message as it left: the outbox's raw MIME, decoded as a mail client would.
  const raw = await page.request.get(`/api/admin/sends/${sendId}/raw`, { headers: auth });
  expect(raw.status()).toBe(200);
  const mail = await simpleParser(await raw.text());
  const received = String(mail.html);
  expect(received).not.toContain("{{ANSWER_URL");
  const links = [...new Set(Array.from(received.matchAll(/href="([^"]*\/r\/[A-Za-z0-9_.-]+)"/g), (m) => m[1]))];
  expect(links.length).toBeGreaterThanOrEqual(14);

  // The received email at 360 px: the eleven NPS answers sit in one row.
  const reader = await browser.newPage({ viewport: { width: 360, height: 900 } });
  await reader.setContent(received);
  const cells = reader.locator(".kx-nps a:visible");
  await expect(cells).toHaveCount(11);
  const boxes = await cells.evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), right: r.right })),
  );
  expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
  expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(360);
  await cells.first().scrollIntoViewIfNeeded();
  await reader.screenshot({ path: "test-results/answers-email-nps-360.png" });

  // Clicking "9" in the email opens the answer page; one click sends it.
  const nine = await reader.locator('.kx-nps a[data-kx-score="9"]:visible').getAttribute("href");
  await reader.close();
  const visitor = await browser.newPage({ viewport: { width: 360, height: 720 } });
  await visitor.goto(nine!);
  await expect(visitor.getByRole("heading", { name: "One click to send your answer" })).toBeVisible();
  await expect(visitor.getByText("How likely are you to recommend Bloom to a friend?")).toBeVisible();
  await visitor.getByRole("button", { name: "Send my answer" }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect(visitor.getByRole("status")).toHaveText("Your answer has been recorded.");
  await visitor.screenshot({ path: "test-results/answers-thank-you-360.png", fullPage: true });
  await visitor.close();

  // The AMP form of the copy sent to amp-reader posts to that copy's signed address, with the send id the send filled in.
  const ampRaw = await page.request.get(`/api/admin/sends/${ampSendId}/raw`, { headers: auth });
  const action = surveyActionOf(await simpleParser(await ampRaw.text()));
  expect(action).toContain(ampSendId);
  const amp = await page.request.post(action, {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { survey: "k1", sendId: ampSendId, q0: "4", q1: "Prices" },
  });
  expect(amp.status()).toBe(200);

  await page.setViewportSize({ width: 1000, height: 900 });
  await visit(page, `/answers?version=${metadata.generationId}`);
  await expect(page.getByTestId("respondents")).toHaveText("2");
  const nps = page.locator('[data-question="k1.0"]');
  await expect(nps.getByTestId("nps-score")).toContainText("0");
  await expect(nps).toContainText("Promoters (9–10) 1");
  await expect(nps).toContainText("Detractors (0–6) 1");
  await expect(page.locator('[data-question="k1.1"]')).toContainText("Prices");
  await page.screenshot({ path: "test-results/answers-results.png", fullPage: true });

  const csv = await page.request.get(`/answers.csv?version=${metadata.generationId}`);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  const text = await csv.text();
  expect(text).toContain(`${sendId},html,k1.0,How likely are you to recommend Bloom to a friend?,9,9,,`);
  expect(text).toContain(`${ampSendId},amp,k1.1,What should we improve first?,Prices,1,,`);
});

test("an NPS survey and a quiz, answered from the received HTML and from AMP, under the sender's brand; the results page from the top navigation", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A user of their own, so no other spec edits this sender profile meanwhile.
  await signIn(page, "/admin");
  const owner = { email: `answers-owner-${Date.now()}@example.com`, password: "answers-password-1" };
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status")).toContainText(`Created ${owner.email}`, { timeout: 15_000 });
  const adminToken = await createToken(page, "answers-admin-e2e");

  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const me = await context.newPage();
  await signIn(me, "/brand", owner);
  await expect(me.getByRole("heading", { name: "Brand and sender" })).toBeVisible();
  await me.getByLabel("Sender name").fill("Fern & Finch");
  // A logo the app itself serves (no network here).
  await me.getByLabel(/^Logo address/).fill(`${baseURL}/favicon.svg`);
  await me.getByLabel(/^Website address/).fill("https://fernfinch.example/");
  await me.getByRole("button", { name: "Save" }).click();
  await expect(me.getByRole("status")).toContainText("Saved.");
  const token = await createToken(me, "answers-owner-e2e");
  const auth = { Authorization: `Bearer ${token}` };

  const generated = await me.request.post("/api/generate", {
    headers: auth,
    data: { prompt: "Ask our customers for feedback, with a coffee quiz", blueprint: npsBlueprint(), generateAmp: true },
  });
  expect(generated.status()).toBe(200);
  const { html, ampHtml, metadata } = (await generated.json()) as { html: string; ampHtml: string; metadata: { generationId: string } };
  const sendTo = async (to: string) => {
    const res = await me.request.post("/api/send-email-esp", {
      headers: auth,
      data: { to, subject: "Fern & Finch: how did we do?", html, ampHtml },
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { sendId: string }).sendId;
  };
  const sendId = await sendTo("html-reader@example.com");
  const ampSendId = await sendTo("amp-reader@example.com");

  // The message as it left, from the outbox.
  const raw = await page.request.get(`/api/admin/sends/${sendId}/raw`, { headers: { Authorization: `Bearer ${adminToken}` } });
  expect(raw.status()).toBe(200);
  const received = String((await simpleParser(await raw.text())).html);

  // In the received email (interactive view, 360 px): the NPS "9" and the quiz's "Brazil" are answer links.
  const reader = await browser.newPage({ viewport: { width: 360, height: 900 } });
  await reader.setContent(received);
  const nine = await reader.locator('.kx-nps a[data-kx-score="9"]:visible').getAttribute("href");
  // The quiz: picking "Brazil" reveals right or wrong, then offers that one answer's link.
  await reader.locator("label.k2-opt", { hasText: "Brazil" }).click();
  const brazil = reader.locator(".k2-send:visible");
  await expect(brazil).toHaveCount(1);
  await brazil.scrollIntoViewIfNeeded();
  await reader.screenshot({ path: "test-results/answers-email-quiz-360.png" });
  const brazilHref = await brazil.getAttribute("href");
  await reader.close();

  const visitor = await browser.newPage({ viewport: { width: 360, height: 720 } });
  await visitor.goto(nine!);
  await expect(visitor.locator("header")).toContainText("Fern & Finch");
  await visitor.getByRole("button", { name: "Send my answer" }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await visitor.goto(brazilHref!);
  await expect(visitor.getByText("Which country grows the most coffee?")).toBeVisible();
  await visitor.getByRole("button", { name: "Send my answer" }).click();
  await expect(visitor.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expect(visitor.getByText("Correct!")).toBeVisible();
  // The sender's brand, linked to its website, with its logo; not the deployment's name.
  const brand = visitor.locator("header a.brand");
  await expect(brand).toHaveText("Fern & Finch");
  await expect(brand).toHaveAttribute("href", "https://fernfinch.example/");
  await expect(brand.locator("img")).toHaveJSProperty("complete", true);
  await visitor.screenshot({ path: "test-results/answers-thank-you-brand-360.png", fullPage: true });
  await visitor.close();

  // AMP: the survey form (NPS 6) and the quiz (Colombia, wrong) post to the signed address of the copy sent to amp-reader.
  const ampRaw = await page.request.get(`/api/admin/sends/${ampSendId}/raw`, { headers: { Authorization: `Bearer ${adminToken}` } });
  const action = surveyActionOf(await simpleParser(await ampRaw.text()));
  const origin = { Origin: new URL(me.url()).origin };
  expect((await me.request.post(action, { headers: origin, multipart: { survey: "k1", sendId: ampSendId, q0: "6" } })).status()).toBe(200);
  expect(
    (await me.request.post(action, { headers: origin, multipart: { survey: "k2", sendId: ampSendId, q0: "Colombia" } })).status(),
  ).toBe(200);

  // The results page from the top navigation: the email by its subject, then its results.
  await visit(me, "/builder/history");
  await me.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Results" }).click();
  await expect(me.getByRole("heading", { name: "Survey and quiz answers" })).toBeVisible();
  await me
    .getByTestId("asking-emails")
    .getByRole("link", { name: /Fern & Finch: how did we do\?/ })
    .click();
  await expect(me).toHaveURL(new RegExp(`/answers\\?version=${metadata.generationId}$`));
  await expect(me.getByTestId("respondents")).toHaveText("2");
  const nps = me.locator('[data-question="k1.0"]');
  await expect(nps.getByTestId("nps-score")).toHaveText(/^0\s*NPS$/);
  await expect(nps).toContainText("Promoters (9–10) 1");
  await expect(nps).toContainText("Detractors (0–6) 1");
  await expect(me.locator('[data-question="k2.0"]').getByTestId("quiz-correct")).toHaveText("50% correct");
  await expect(me.locator("main")).not.toContainText(metadata.generationId);
  await me.screenshot({ path: "test-results/answers-results-desktop.png", fullPage: true });
  await me.setViewportSize({ width: 360, height: 800 });
  await me.screenshot({ path: "test-results/answers-results-360.png", fullPage: true });
  const overflow = await me.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  const csv = await (await me.request.get(`/answers.csv?version=${metadata.generationId}`)).text();
  expect(csv).toContain(`${sendId},html,k1.0,How likely are you to recommend Bloom to a friend?,9,9,,`);
  expect(csv).toContain(`${sendId},html,k2.0,Which country grows the most coffee?,Brazil,1,yes,`);
  expect(csv).toContain(`${ampSendId},amp,k1.0,How likely are you to recommend Bloom to a friend?,6,6,,`);
  expect(csv).toContain(`${ampSendId},amp,k2.0,Which country grows the most coffee?,Colombia,0,no,`);
  await context.close();
});

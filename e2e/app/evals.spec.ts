import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createToken, signIn, visit } from "./helpers";

// Admin → Evals against a fresh server (e2e/serve.sh): local engines, the admin starts with
// NEW_USER_CREDITS (50); each page run below costs 1 credit per prompt.

const SHOTS = "artifacts/screenshots";

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function startRun(page: Page, opts: { label: string; limit: number; rag: boolean }) {
  await visit(page, "/admin/evals");
  const form = page.getByRole("region", { name: "Start a run" });
  await form.getByLabel("Prompt set").selectOption("prompts.v1.json");
  await form.getByLabel("Label").fill(opts.label);
  await form.getByLabel("Prompts to run").fill(String(opts.limit));
  await form.getByLabel("Use the example library (RAG)").setChecked(opts.rag);
  // The cost is shown before starting.
  await expect(form.getByTestId("run-cost")).toContainText(`${opts.limit} generations · costs ${opts.limit} credits`);
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/admin\/evals\/[0-9a-f-]{36}$/);
  const runId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1 })).toContainText(opts.label);
  // The run executes in the background; the page follows it until it is finalized.
  await expect(page.getByRole("heading", { level: 1 }).getByTestId("run-status")).toHaveText("Complete", { timeout: 60_000 });
  return runId;
}

test("an admin runs two small evals from the page, previews an email in a sandbox and compares the runs", async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "/admin/evals");
  await expect(page.getByRole("heading", { name: "Evaluations" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Start a run" }).getByLabel("Prompt set")).toContainText("prompts.v1.json");

  // Run A: the first 2 prompts of the v1 set, without retrieval.
  const baseline = `baseline-${stamp}`;
  const runA = await startRun(page, { label: baseline, limit: 2, rag: false });
  const summary = page.getByTestId("run-summary");
  await expect(summary.getByTestId("avg-qa")).toContainText(/\d/);
  await expect(summary.getByTestId("avg-judge")).toContainText(/\d/);
  const rows = page.getByTestId("results-table").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("tabs-saas-plans");
  await expect(page.getByTestId("result-error")).toHaveCount(0);
  await shoot(page, "eval-run-desktop");

  // One email, in a sandboxed frame: its content is visible, it never runs in the app's origin.
  await rows.first().getByRole("link", { name: "View the email for tabs-saas-plans" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/evals/${runA}/\\d+$`));
  await expect(page.getByRole("heading", { name: "tabs-saas-plans" })).toBeVisible();
  const frame = page.getByTestId("email-frame");
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(page.frameLocator("[data-testid=email-frame]").getByText("Lumen Labs").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Judge rubric" })).toContainText("copy-fidelity");
  await shoot(page, "eval-result-desktop");

  // Run B: the same prompts with retrieval.
  const ragOn = `rag-on-${stamp}`;
  const runB = await startRun(page, { label: ragOn, limit: 2, rag: true });
  await expect(page.getByText("RAG on").first()).toBeVisible();

  // Pick A and B in the list and compare.
  await visit(page, "/admin/evals");
  const table = page.getByTestId("runs-table");
  await expect(table.getByTestId(`run-${runA}`)).toContainText("2/2");
  await expect(table.getByTestId(`run-${runB}`)).toContainText("RAG on");
  await table.getByRole("radio", { name: `Use ${baseline} as A` }).check();
  await table.getByRole("radio", { name: `Use ${ragOn} as B` }).check();
  await shoot(page, "eval-list-desktop");
  await page.getByRole("button", { name: "Compare A ↔ B" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/evals/compare\\?a=${runA}&b=${runB}$`));
  await expect(page.getByRole("heading", { name: "Compare runs" })).toBeVisible();
  await expect(page.getByTestId("run-card-a")).toContainText(baseline);
  await expect(page.getByTestId("run-card-b")).toContainText(ragOn);

  const deltas = page.getByTestId("delta-table");
  await expect(deltas.locator("tbody tr")).toHaveCount(2);
  await expect(deltas.getByRole("rowheader", { name: /tabs-saas-plans/ })).toBeVisible();
  const chart = page.getByRole("img", { name: /Judge score per prompt/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("title").first()).toHaveText(`Judge score per prompt: A “${baseline}” vs B “${ragOn}”`);
  await expect(chart.locator("desc")).toContainText("2 matched prompts");
  await expect(chart.locator(".ev-chart-row")).toHaveCount(2);
  await shoot(page, "eval-compare-desktop");

  // The chart can show QA instead.
  await page.getByRole("link", { name: "QA", exact: true }).click();
  await expect(page.getByRole("img", { name: /QA score per prompt/ })).toBeVisible();

  // The same pages at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, `/admin/evals/compare?a=${runA}&b=${runB}`);
  // The narrow layout of the chart: labels above the rows.
  await expect(page.getByTestId("compare-chart-narrow")).toBeVisible();
  await expect(page.getByTestId("compare-chart")).toBeHidden();
  await expect(page.getByRole("img", { name: /Judge score per prompt/ })).toHaveAttribute("data-testid", "compare-chart-narrow");
  await shoot(page, "eval-compare-mobile");
  await visit(page, `/admin/evals/${runA}`);
  await expect(page.getByTestId("results-table")).toBeVisible();
  await shoot(page, "eval-run-mobile");
  await visit(page, "/admin/evals");
  await expect(page.getByTestId("runs-table")).toBeVisible();
  await shoot(page, "eval-list-mobile");
});

test("a run's progress is shown while results arrive, and a run nobody executes can be finalized", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, "/tokens");
  const token = await createToken(page, `evals-e2e-${Date.now()}`);
  const api = (data: unknown) => page.request.post("/api/admin/eval", { headers: { Authorization: `Bearer ${token}` }, data });

  // A run driven from outside (as the CLI does): created, one result saved.
  const label = `cli-${Date.now().toString(36)}`;
  const created = await api({ action: "createRun", label, promptSetVersion: "v1", promptCount: 3 });
  expect(created.status()).toBe(200);
  const { runId } = (await created.json()) as { runId: string };
  const save = async (promptId: string, qaScore: number, judgeScore: number) =>
    expect(
      (
        await api({
          action: "saveResult",
          runId,
          result: { promptId, prompt: `Prompt ${promptId}`, qaScore, judgeScore, generationMs: 420 },
        })
      ).status(),
    ).toBe(200);
  await save("first", 90, 80);

  await visit(page, "/admin/evals");
  const inProgress = page.getByRole("region", { name: "In progress" });
  await expect(inProgress.getByRole("link", { name: label })).toBeVisible();
  await visit(page, `/admin/evals/${runId}`);
  const progress = page.getByTestId("run-progress");
  await expect(page.getByRole("heading", { level: 1 }).getByTestId("run-status")).toHaveText("Running");
  await expect(progress.getByTestId("progress-count")).toHaveText("1 of 3 prompts");
  await expect(progress.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
  await expect(progress).toContainText("Not executing in this server");
  await expect(progress).toContainText("90");
  await shoot(page, "eval-progress-desktop");

  // The page follows new results without a reload, with the running averages.
  await save("second", 70, 60);
  // (The page polls every 3 s for a run no process here executes: wait for the next poll.)
  await expect(progress.getByTestId("progress-count")).toHaveText("2 of 3 prompts", { timeout: 15_000 });
  await expect(progress.getByRole("definition").first()).toHaveText("80");
  await expect(page.getByTestId("results-table").locator("tbody tr")).toHaveCount(2);

  // Finalized with what it has: shown as incomplete.
  await progress.getByRole("button", { name: "Finalize now with 2 results" }).click();
  await expect(page.getByRole("heading", { level: 1 }).getByTestId("run-status")).toHaveText("Incomplete");
  await expect(page.getByTestId("incomplete-note")).toContainText("after 2 prompts of 3");
  await expect(page.getByTestId("avg-qa")).toContainText("80");
});

test("a blank label is marked on the field as soon as it is left, and the run does not start", async ({ page }) => {
  await signIn(page, "/admin/evals");
  const form = page.getByRole("region", { name: "Start a run" });
  const label = form.getByLabel("Label");
  await label.fill("   ");
  await label.blur();
  await expect(label).toHaveAttribute("aria-invalid", "true");
  await expect(label).toHaveAccessibleDescription(/Give the run a label/);
  await expect(form.getByText("Give the run a label")).toBeVisible();
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/admin\/evals$/);
  await expect(label).toBeFocused();
  // Fixed, the mark goes.
  await label.fill("fixed");
  await label.blur();
  await expect(label).not.toHaveAttribute("aria-invalid");
  await expect(form.getByText("Give the run a label")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a blank label answers 400 and the page marks the field", async ({ page }) => {
    await signIn(page, "/admin/evals");
    const form = page.getByRole("region", { name: "Start a run" });
    await form.getByLabel("Label").fill("   ");
    await form.getByLabel("Prompts to run").fill("2");
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button", { name: "Start run" }).click(),
    ]);
    expect(answer.status()).toBe(400);
    const label = form.getByLabel("Label");
    await expect(label).toHaveAttribute("aria-invalid", "true");
    await expect(label).toHaveAccessibleDescription(/Give the run a label/);
    await expect(form.getByLabel("Prompts to run")).toHaveValue("2");
    await shoot(page, "evals-start-field-error");
  });

  test("the start form posts natively and the run page refreshes itself until the run is complete", async ({ page }) => {
    test.setTimeout(90_000);
    const label = `nojs-${Date.now().toString(36)}`;
    await signIn(page, "/admin/evals");
    const form = page.getByRole("region", { name: "Start a run" });
    await form.getByLabel("Prompt set").selectOption("prompts.v1.json");
    await form.getByLabel("Label").fill(label);
    await form.getByLabel("Prompts to run").fill("1");
    await form.getByRole("button", { name: "Start run" }).click();
    await expect(page).toHaveURL(/\/admin\/evals\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(label);
    await expect(page.getByRole("heading", { level: 1 }).getByTestId("run-status")).toHaveText("Complete", { timeout: 60_000 });
    await expect(page.getByTestId("results-table").locator("tbody tr")).toHaveCount(1);
  });
});

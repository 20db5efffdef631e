import { afterAll, describe, expect, it } from "vitest";
import { documentTasks } from "~/workers/document-tasks";
import { documentTaskCounts, OFF_THREAD_MIN_CHARS, runDocumentTask, stopDocumentWorker } from "./off-thread.server";

const bigHtml = (n: number) =>
  `<!DOCTYPE html><html lang="en"><head><title>T</title></head><body>${'<p class="kx-text"><img src="/i.png" alt="">Tab {{RECIPIENT_EMAIL}}</p>'.repeat(n)}</body></html>`;
const bigAmp = (n: number) =>
  `<!doctype html><html ⚡4email data-css-strict><head><meta charset="utf-8"><script async src="https://cdn.ampproject.org/v0.js"></script><style amp4email-boilerplate>body{visibility:hidden}</style></head><body>${'<p>x</p><amp-img src="https://x.example/a.png" width="1" height="1"></amp-img>'.repeat(n)}</body></html>`;

afterAll(() => stopDocumentWorker());

describe("document tasks off the main thread", () => {
  it("gives the same results on the worker as here, for every task", async () => {
    const html = bigHtml(1_200);
    const amp = bigAmp(1_200);
    expect(html.length).toBeGreaterThan(OFF_THREAD_MIN_CHARS);
    const before = documentTaskCounts();
    const tagInput = { htmlContent: html, contentType: "html" };
    const sendInput = {
      html,
      ampHtml: amp,
      workspace: { emailName: "E" },
      baseUrl: "https://k.example",
      brand: "Kinetic",
      bannerSender: "a@b.example",
    };
    const [tags, ampFacts, template] = await Promise.all([
      runDocumentTask("tagHtml", tagInput, html.length),
      runDocumentTask("analyseAmp", amp, amp.length),
      runDocumentTask("compileSendTemplate", sendInput, html.length + amp.length),
    ]);
    expect(documentTaskCounts().onWorker - before.onWorker).toBe(3);
    expect(documentTaskCounts().here).toBe(before.here);
    expect(tags).toEqual(documentTasks.tagHtml(tagInput));
    expect(ampFacts).toEqual(documentTasks.analyseAmp(amp));
    expect(ampFacts.components).toContain("amp-img");
    expect(template).toEqual(documentTasks.compileSendTemplate(sendInput));
    expect(template.html.names).toContain("RECIPIENT_EMAIL");
  });

  it("runs small documents here, where the hand-off would cost more than the work", async () => {
    const before = documentTaskCounts();
    const html = bigHtml(3);
    await runDocumentTask("tagHtml", { htmlContent: html, contentType: "html" }, html.length);
    expect(documentTaskCounts().here - before.here).toBe(1);
    expect(documentTaskCounts().onWorker).toBe(before.onWorker);
  });

  it("rejects with the task's own error, as the task would here", async () => {
    const bad = { html: null, workspace: {}, baseUrl: "https://k.example", brand: "K", bannerSender: null } as never;
    let here: unknown;
    try {
      documentTasks.compileSendTemplate(bad);
    } catch (e) {
      here = e;
    }
    expect(here).toBeInstanceOf(Error);
    await expect(runDocumentTask("compileSendTemplate", bad, OFF_THREAD_MIN_CHARS)).rejects.toThrow((here as Error).message);
  });

  it("answers from here when the worker dies under a task", async () => {
    // A new worker (it loads its modules first) and a document of about a second's work: the
    // worker is stopped long before it could answer.
    await stopDocumentWorker();
    const html = bigHtml(12_000);
    const input = { htmlContent: html, contentType: "html" };
    const before = documentTaskCounts();
    const running = runDocumentTask("tagHtml", input, html.length);
    await stopDocumentWorker();
    expect(await running).toEqual(documentTasks.tagHtml(input));
    expect(documentTaskCounts().here - before.here).toBe(1);
    // And the next big task starts a new worker.
    await runDocumentTask("tagHtml", input, html.length);
    expect(documentTaskCounts().onWorker - before.onWorker).toBe(1);
  });
});

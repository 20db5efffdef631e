import { expect } from "vitest";

/**
 * What every POST /api/generate answer for a tabs prompt without retrieval or AMP holds, whichever
 * engines wrote it: a complete document with the VIB placeholder, no AMP, truthful metadata and a
 * QA score of at least `minScore`.
 */
export function expectTabsEmailWithoutRag(
  body: { success: boolean; html: string; ampHtml: string; metadata: { qa: { score: number } } },
  minScore: number,
): void {
  expect(body.success).toBe(true);
  expect(body.html).toMatch(/^<!DOCTYPE html>/i);
  expect(body.html).toContain("{{VIB_URL}}");
  expect(body.html).toContain('data-kx-technique="tabs"');
  expect(body.ampHtml).toBe("");
  expect(body.metadata).toMatchObject({
    technique: "tabs",
    ampGenerated: false,
    rag: { used: false, examplesCount: 0 },
    qa: { score: expect.any(Number), qualifiesForFreeRegen: false, failedChecks: expect.any(Array) },
    validator: { fixesApplied: expect.any(Array), warnings: expect.any(Array), refineTriggered: false },
  });
  expect(body.metadata.qa.score).toBeGreaterThanOrEqual(minScore);
}

// Reading a version's stored metadata for the panels: lenient (older or partial rows render what
// they have), typed once here.
import { GOOD_MIN_SCORE, READY_TO_SEND_MIN_SCORE } from "~/domain/qa/bands";
import type { VersionJson } from "./version-panels";

export interface FailedCheck {
  id: string;
  title: string;
  message: string;
}
export interface AmpErrorView {
  code?: string;
  line?: number;
  column?: number;
  col?: number;
  message: string;
}
export interface RefineView {
  instructions: string;
  applied: string[];
  notApplied: Array<{ instruction: string; reason: string }>;
  creditsCharged: number;
  ampDropped: boolean;
}
export interface AmpMetaView {
  validator?: string;
  status?: string;
  errors?: AmpErrorView[];
  repairs?: string[];
  parity?: {
    available?: boolean;
    reason?: string;
    ok?: boolean;
    missingWords?: string[];
    extraWords?: string[];
    missingLinks?: string[];
    extraLinks?: string[];
    items?: Array<{ technique: string; html: number; amp: number }>;
  };
  clipping?: {
    viewport?: number;
    ok?: boolean;
    blocks?: Array<{ component: string; width: number; available: number; clipped: boolean; overflowPx: number; layout: string }>;
  };
  warnings?: string[];
}

export interface PanelMeta {
  score: number | null;
  qualifiesForFreeRegen: boolean;
  failedChecks: FailedCheck[];
  fixesApplied: string[];
  warnings: string[];
  rag: { used: boolean; examplesCount: number };
  amp: AmpMetaView | null;
  refine: RefineView | null;
  restore: { restored: string; undid: string } | null;
  freeRegen: { from: string } | null;
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export function panelMeta(version: VersionJson): PanelMeta {
  const m = obj(version.metadata);
  const qa = obj(m.qa);
  const validator = obj(m.validator);
  const rag = obj(m.rag);
  const score = typeof version.qaScore === "number" ? version.qaScore : typeof qa.score === "number" ? qa.score : null;
  const failed = Array.isArray(qa.failedChecks)
    ? qa.failedChecks
        .map(obj)
        .filter((c) => typeof c.id === "string")
        .map((c) => ({ id: String(c.id), title: String(c.title ?? c.id), message: String(c.message ?? "") }))
    : [];
  const refine = obj(m.refine);
  const restore = obj(m.restore);
  const freeRegen = obj(m.freeRegen);
  return {
    score,
    qualifiesForFreeRegen: score !== null && score < 70,
    failedChecks: failed,
    fixesApplied: strings(validator.fixesApplied),
    warnings: strings(validator.warnings),
    rag: { used: rag.used === true, examplesCount: typeof rag.examplesCount === "number" ? rag.examplesCount : 0 },
    amp: m.amp && typeof m.amp === "object" ? (m.amp as AmpMetaView) : null,
    refine:
      typeof refine.instructions === "string"
        ? {
            instructions: refine.instructions,
            applied: strings(refine.applied),
            notApplied: Array.isArray(refine.notApplied)
              ? refine.notApplied.map(obj).map((n) => ({ instruction: String(n.instruction ?? ""), reason: String(n.reason ?? "") }))
              : [],
            creditsCharged: typeof refine.creditsCharged === "number" ? refine.creditsCharged : 0,
            ampDropped: refine.ampDropped === true,
          }
        : null,
    restore: typeof restore.restored === "string" ? { restored: restore.restored, undid: String(restore.undid ?? "") } : null,
    freeRegen: typeof freeRegen.from === "string" ? { from: freeRegen.from } : null,
  };
}

/** The score's band: what the badge says beside the number (colour is never the only signal). */
export function scoreBand(score: number | null): { band: "good" | "fair" | "poor" | "none"; label: string } {
  if (score === null) return { band: "none", label: "Not scored" };
  if (score >= READY_TO_SEND_MIN_SCORE) return { band: "good", label: "Ready to send" };
  if (score >= GOOD_MIN_SCORE) return { band: "fair", label: "Good, with fixes to consider" };
  return { band: "poor", label: "Needs work" };
}

/** The id of the result notice an action comes back to (panel-ui's Notice with `focus`). */
export const RESULT_ANCHOR = "vp-result";

/**
 * Where an action sends the browser back: the version page on a panel, with a result code. With
 * a result, the URL ends in #vp-result, so even without JavaScript the browser scrolls to the
 * notice (and starts keyboard navigation there); with JavaScript the notice also takes focus.
 */
export function panelUrl(
  versionId: string,
  panel: "qa" | "refine" | "amp" | "ship",
  query: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams({ panel });
  let result = false;
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    params.set(k, v);
    result = true;
  }
  return `/builder/v/${encodeURIComponent(versionId)}?${params.toString()}${result ? `#${RESULT_ANCHOR}` : ""}`;
}

// Eval runs started from the admin pages. The run executes in this server process, in the
// background, one prompt at a time, through the same services the CLI's HTTP calls end up in:
// prepareGeneration/generate (POST /api/generate), judgeEmail with the composition's judge
// (POST /api/eval/judge) and createRun/saveResult/finalizeRun (POST /api/admin/eval).
//
// Progress lives in the database (one saved result per finished prompt) plus, for runs executing
// in this process, a small in-memory record of the prompt being generated now. A run left
// `running` by a stopped server has neither: see sweepStaleRuns.
import fs from "node:fs/promises";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { AppContext } from "~/composition/app.server";
import { GenerateRequestSchema } from "~/domain/requests/generation";
import { MAX_RUN_PROMPTS, type StartRunInput } from "~/domain/requests/eval";
import type { JudgeEngine } from "~/engines/judge/port";
import { balanceOf, type ChargeSettlement } from "~/models/credits.server";
import type { NewEvalResult } from "~/models/eval.server";
import { findRun } from "~/models/eval.server";
import { listRunningActivity } from "~/models/eval-runner.server";
import type { User } from "~/models/users.server";
import { checkHtmlInputs } from "./html-inputs.server";
import { PLACED_HTML_LIMITS, type HtmlLimits } from "~/domain/html/limits";
import { generateRequest, parsePromptSet, type PromptEntry, type PromptSet } from "~/domain/eval/prompt-set";
import { CLIENT_HTML_PARTS, clientHtmlParts, generate, prepareGeneration, type GenerateResponse } from "./generation.server";
import { createRun, finalizeRun, judgeEmail, saveResult } from "./eval.server";
import { registeredInstance } from "./process-instance.server";
import { failure, type ServiceResult } from "./result";

/** Where the page finds prompt sets: the CLI's folder (prompts.v1.json and friends). */
export const DEFAULT_SETS_DIR = path.resolve(process.cwd(), "scripts/eval");
/** A prompt set file larger than this is refused unread. */
export const MAX_SET_BYTES = 2 * 1024 * 1024;
/** At most this many `.json` files of the folder are offered. */
export const MAX_SET_FILES = 50;
/** The generated HTML is kept in the result's details (for the preview) up to this size. */
export const MAX_STORED_HTML_BYTES = 256 * 1024;
/** A `running` run that nobody in this process executes and that saved nothing for this long is finalized. */
export const STALE_AFTER_MS = 15 * 60_000;
/** Page runs executing at once in one server process. */
export const MAX_ACTIVE_RUNS = 2;

const SET_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}\.json$/;

// ── prompt sets ─────────────────────────────────────────────────────────────────────────────────

export type PromptSetInfo =
  | { file: string; ok: true; version: string; promptCount: number }
  // eslint-disable-next-line no-restricted-syntax -- a row of the prompt-set listing: a file that is valid, or says why not
  | { file: string; ok: false; error: string };

type LoadedSet = ServiceResult<PromptSet>;

// Parsed sets by file, reused while the file's size and modification time stay the same.
const setCache = new Map<string, { key: string; loaded: LoadedSet }>();

async function loadSet(dir: string, file: string): Promise<LoadedSet> {
  if (!SET_FILE.test(file)) return failure(400, `"${file}" is not a prompt set file name`);
  const full = path.join(dir, file);
  let stat;
  try {
    stat = await fs.stat(full);
  } catch {
    return failure(400, `There is no prompt set "${file}"`);
  }
  if (!stat.isFile()) return failure(400, `"${file}" is not a file`);
  if (stat.size > MAX_SET_BYTES) return failure(400, `${file} is larger than ${MAX_SET_BYTES / 1024 / 1024} MB`);
  const cacheKey = `${path.resolve(full)}`;
  const key = `${stat.size}:${stat.mtimeMs}`;
  const cached = setCache.get(cacheKey);
  if (cached?.key === key) return cached.loaded;
  // Read at most one byte past the limit, whatever the file grew to since the stat.
  let text: string;
  try {
    const handle = await fs.open(full, "r");
    try {
      const buffer = Buffer.alloc(MAX_SET_BYTES + 1);
      let length = 0;
      for (let n = -1; n !== 0 && length < buffer.length; length += n)
        n = (await handle.read(buffer, length, buffer.length - length, length)).bytesRead;
      if (length > MAX_SET_BYTES) return failure(400, `${file} is larger than ${MAX_SET_BYTES / 1024 / 1024} MB`);
      text = buffer.subarray(0, length).toString("utf8");
    } finally {
      await handle.close();
    }
  } catch (e) {
    return failure(400, `${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? "error"})`);
  }
  const parsed = parsePromptSet(text, file);
  const loaded: LoadedSet = parsed.ok ? { ok: true, value: parsed.set } : failure(400, parsed.error);
  if (setCache.size > MAX_SET_FILES * 2) setCache.clear();
  setCache.set(cacheKey, { key, loaded });
  return loaded;
}

/** The `.json` files of the sets folder, each validated (invalid ones say why). */
export async function listPromptSets(dir = DEFAULT_SETS_DIR): Promise<PromptSetInfo[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir))
      .filter((n) => SET_FILE.test(n))
      .sort()
      .slice(0, MAX_SET_FILES);
  } catch {
    return [];
  }
  const out: PromptSetInfo[] = [];
  for (const file of names) {
    const loaded = await loadSet(dir, file);
    out.push(
      loaded.ok
        ? { file, ok: true, version: loaded.value.version, promptCount: loaded.value.prompts.length }
        : { file, ok: false, error: loaded.error },
    );
  }
  return out;
}

// ── starting a run ──────────────────────────────────────────────────────────────────────────────

// The start form's fields: StartRunFormSchema (domain/requests/eval.ts).

export interface RunnerOptions {
  setsDir?: string;
  /** The judge to use; the composition's by default (as /api/eval/judge). */
  judge?: JudgeEngine;
}

/** What a page run is doing right now; only for runs executing in this process. */
export interface LiveRun {
  runId: string;
  userId: string;
  setFile: string;
  useRAG: boolean;
  total: number;
  /** Prompts finished (saved) so far. */
  completed: number;
  current: { index: number; promptId: string; prompt: string; startedAt: number } | null;
  startedAt: number;
  stopRequested: boolean;
}

const active = new Map<string, LiveRun>();

export function liveRun(runId: string): LiveRun | null {
  const live = active.get(runId);
  return live ? { ...live, current: live.current ? { ...live.current } : null } : null;
}

export type StartedRun = { runId: string; promptCount: number; cost: number; done: Promise<void> };

/**
 * Validates the request, checks the credits for the whole run, creates the run and starts it in
 * the background. `done` settles when the run is finalized (tests wait for it; pages poll).
 */
export async function startEvalRun(
  app: AppContext,
  user: User,
  input: StartRunInput,
  options: RunnerOptions = {},
): Promise<ServiceResult<StartedRun>> {
  const loaded = await loadSet(options.setsDir ?? DEFAULT_SETS_DIR, input.set);
  if (!loaded.ok) return loaded;
  const set = loaded.value;
  const prompts = set.prompts.slice(0, Math.min(input.limit ?? set.prompts.length, MAX_RUN_PROMPTS));
  const perPrompt = app.env.CREDITS_PER_GENERATION;
  const cost = perPrompt * prompts.length;
  const balance = await balanceOf(app.database.db, user.id);
  if (balance < cost) {
    const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? "" : "s"}`;
    return failure(
      402,
      `Not enough credits: this run needs ${plural(cost, "credit")} (${plural(prompts.length, "prompt")} × ${perPrompt}) and your balance is ${balance}. Run fewer prompts, or grant credits on the Admin page.`,
    );
  }
  if (active.size >= MAX_ACTIVE_RUNS)
    return failure(409, `${MAX_ACTIVE_RUNS} runs are already in progress on this server; start this one when one of them finishes.`);

  // The run names this process, so should the process die, the next start finalizes it (interrupted-work.server.ts).
  const me = await registeredInstance(app);
  const run = await createRun(app, {
    label: input.label,
    promptSetVersion: set.version,
    promptCount: prompts.length,
    runnerInstanceId: me.id,
  });
  const live: LiveRun = {
    runId: run.id,
    userId: user.id,
    setFile: input.set,
    useRAG: input.rag,
    total: prompts.length,
    completed: 0,
    current: null,
    startedAt: Date.now(),
    stopRequested: false,
  };
  active.set(run.id, live);
  app.logger.info(
    { runId: run.id, set: input.set, prompts: prompts.length, rag: input.rag, userId: user.id },
    "eval run started from the admin page",
  );
  const judge = options.judge ?? app.adapters.engines.judge;
  const done = execute(app, user, judge, live, prompts).catch((error) => {
    app.logger.error({ err: error, runId: run.id }, "eval run failed");
  });
  return { ok: true, value: { runId: run.id, promptCount: prompts.length, cost, done } };
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function execute(app: AppContext, user: User, judge: JudgeEngine, live: LiveRun, prompts: PromptEntry[]): Promise<void> {
  try {
    for (let i = 0; i < prompts.length; i++) {
      if (live.stopRequested) break;
      const entry = prompts[i];
      live.current = { index: i, promptId: entry.id, prompt: entry.prompt, startedAt: Date.now() };
      const run = { useRAG: live.useRAG, setFile: live.setFile };
      const save: SaveEvalResult = (result, settle) => saveResult(app, live.runId, result, settle);
      let saved: SavedEvalResult;
      try {
        saved = await evaluateEntry(app, user, judge, entry, run, save);
      } catch (error) {
        // A bug, not an expected failure (or a result the database refused): the prompt is
        // recorded as errored, its charge refunded by withCharge, and the run goes on.
        app.logger.error({ err: error, runId: live.runId, promptId: entry.id }, "eval prompt failed unexpectedly");
        const result = blankResult(entry, run);
        result.error = `unexpected: ${error instanceof Error ? error.message : String(error)}`.slice(0, 4000);
        try {
          saved = await save(result);
        } catch (err) {
          app.logger.error({ err, runId: live.runId, promptId: entry.id }, "eval result could not be saved");
          saved = failure(500, "the result could not be saved");
        }
      }
      live.completed = i + 1;
      live.current = null;
      // Finalized meanwhile (an admin's "Finalize now", another process) or deleted: nothing more can land.
      if (!saved.ok && (saved.status === 404 || saved.status === 409)) {
        app.logger.warn({ runId: live.runId, error: saved.error }, "eval run stopped: it no longer accepts results");
        return;
      }
      await yieldToEventLoop();
    }
  } finally {
    active.delete(live.runId);
    const done = await finalizeRun(app, live.runId).catch((error: unknown) => failure(500, String(error)));
    if (done.ok)
      app.logger.info({ runId: live.runId, results: done.value.resultCount, errors: done.value.errorCount }, "eval run finalized");
    else app.logger.error({ runId: live.runId, error: done.error }, "eval run could not be finalized");
  }
}

function blankResult(entry: PromptEntry, run: { useRAG: boolean; setFile: string }): NewEvalResult {
  return {
    promptId: entry.id,
    prompt: entry.prompt,
    qaScore: null,
    judgeScore: null,
    generationMs: null,
    error: null,
    details: { source: "admin-page", promptSet: run.setFile, useRAG: run.useRAG },
  };
}

/** The routes' HTML limit check (checkHtmlInputs), as its message; null when within limits. */
async function htmlRefusal(parts: Array<{ field: string; html: string }>, together?: string, limits?: HtmlLimits): Promise<string | null> {
  return (await checkHtmlInputs(parts, together, limits))?.error ?? null;
}

export type SavedEvalResult = ServiceResult<{ resultId: number }>;
/** Stores one prompt's result; with `settle`, in the batch that settles its generation's charge. */
export type SaveEvalResult = (result: NewEvalResult, settle?: ChargeSettlement) => Promise<SavedEvalResult>;

/**
 * One prompt as the CLI evaluates it (scripts/eval/run.ts evaluatePrompt): the request body of
 * POST /api/generate, validated by the endpoint's schema, generated (and charged) for `user`,
 * timed, judged, and described in `details` the same way, plus the generated HTML (bounded) for
 * the preview. Failures are recorded in `error`, prefixed with the stage. The result is stored
 * with `save`: a generated prompt's in the batch that keeps its charge (ADR 032), so a kill
 * before it is stored refunds the charge; a result the run no longer takes (finalized
 * meanwhile) refunds it too.
 */
export async function evaluateEntry(
  app: AppContext,
  user: User,
  judge: JudgeEngine,
  entry: PromptEntry,
  run: { useRAG: boolean; setFile: string },
  save: SaveEvalResult,
): Promise<SavedEvalResult> {
  const out = blankResult(entry, run);
  const started = performance.now();
  const body = GenerateRequestSchema.safeParse(generateRequest(entry, run.useRAG));
  if (!body.success) {
    out.error =
      `generate: Invalid request: ${body.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")}`.slice(0, 4000);
    return save(out);
  }
  // As POST /api/generate: verbatim HTML (saved sections) within the HTML limits, before any credit moves.
  // The same budget POST /api/generate gives the HTML a request places in the email.
  const refused = await htmlRefusal(clientHtmlParts(body.data), CLIENT_HTML_PARTS, PLACED_HTML_LIMITS);
  if (refused) {
    out.error = `generate: ${refused}`;
    return save(out);
  }
  const prepared = prepareGeneration(body.data);
  if (!prepared.ok) {
    out.error = `generate: ${prepared.error}`;
    return save(out);
  }
  // Set by the store: the generated prompt's result went to `save` (stored or not).
  let saved: SavedEvalResult | undefined;
  const generated = await generate(app, user, prepared.value, undefined, {
    store: async (response, charge) => {
      out.generationMs = Math.round(performance.now() - started);
      await judged(app, judge, entry, out, response);
      saved = await save(out, { keep: charge.reference });
      return saved;
    },
  });
  if (saved) return saved;
  if (generated.ok) throw new Error("generate() answered ok without calling its store");
  out.generationMs = Math.round(performance.now() - started);
  out.error = `generate: ${generated.error}`;
  return save(out);
}

/** Fills `out` with what the generation made and what the judge said of it (the CLI's details). */
async function judged(
  app: AppContext,
  judge: JudgeEngine,
  entry: PromptEntry,
  out: NewEvalResult,
  generated: GenerateResponse,
): Promise<void> {
  const details = out.details as Record<string, unknown>;
  const { html, blueprint, metadata } = generated;
  out.qaScore = typeof metadata.qa.score === "number" ? metadata.qa.score : null;
  const htmlBytes = Buffer.byteLength(html);
  Object.assign(details, {
    technique: metadata.technique ?? null,
    rag: {
      used: metadata.rag.used,
      examplesCount: metadata.rag.examplesCount,
      examples: metadata.rag.examples.slice(0, 10),
      ...(metadata.rag.error ? { error: metadata.rag.error } : {}),
    },
    qaFailedChecks: metadata.qa.failedChecks.map((c) => c.id),
    qaFailures: metadata.qa.failedChecks.slice(0, 40).map((c) => ({ id: c.id, title: c.title, message: c.message.slice(0, 300) })),
    subject: blueprint.subject,
    htmlBytes,
  });
  if (htmlBytes <= MAX_STORED_HTML_BYTES) details.html = html;
  else details.htmlOmitted = `larger than ${MAX_STORED_HTML_BYTES / 1024} KB`;

  // As POST /api/eval/judge: the email within the HTML limits.
  const tooBig = await htmlRefusal([{ field: "html", html }]);
  if (tooBig) {
    out.error = `judge: ${tooBig}`;
    return;
  }
  const verdict = await judgeEmail(app, judge, { prompt: entry.prompt, html, blueprint, emailType: entry.emailType });
  if (!verdict.ok) {
    out.error = `judge: ${verdict.error}`;
    return;
  }
  out.judgeScore = verdict.value.score;
  details.judgeRubric = verdict.value.rubric;
  details.judgeSummary = verdict.value.summary;
}

// ── stopping, and runs nobody executes any more ─────────────────────────────────────────────────

export type StopOutcome = "stopping" | "finalized";

/**
 * A run executing here stops after the prompt in progress (and is then finalized); a `running`
 * run nobody executes here (interrupted by a restart, or driven by the CLI) is finalized now with
 * the results it has. Later results for it are refused (409), which the CLI reports per prompt.
 */
export async function stopRun(app: AppContext, runId: string): Promise<ServiceResult<StopOutcome>> {
  const live = active.get(runId);
  if (live) {
    live.stopRequested = true;
    return { ok: true, value: "stopping" };
  }
  const run = await findRun(app.database.db, runId);
  if (!run) return failure(404, "Eval run not found");
  if (run.status === "complete") return failure(409, "This run has already finished.");
  const done = await finalizeRun(app, runId);
  if (!done.ok) return done;
  app.logger.info({ runId }, "eval run finalized by an admin");
  return { ok: true, value: "finalized" };
}

/** How often the `stale-evals` job (app/services/jobs.server.ts) looks for runs to finalize. */
export const STALE_SWEEP_INTERVAL_MS = 60_000;

/**
 * Runs left `running` with no progress for `staleAfterMs` (a server stopped mid-run, or a CLI that
 * died) are finalized with the results they have: the averages cover what ran, unrun prompts are
 * not recorded, and the pages show the run as incomplete (results < prompts). Runs executing in
 * this process are never touched. Run by the `stale-evals` job, never by a page's loader (loaders
 * do not write).
 */
export async function sweepStaleRuns(app: AppContext, opts: { now?: number; staleAfterMs?: number } = {}): Promise<string[]> {
  const now = opts.now ?? Date.now();
  const staleAfter = opts.staleAfterMs ?? STALE_AFTER_MS;
  const finalized: string[] = [];
  for (const run of await listRunningActivity(app.database.db)) {
    if (active.has(run.id) || now - run.lastActivityAt.getTime() < staleAfter) continue;
    const done = await finalizeRun(app, run.id);
    if (done.ok) {
      finalized.push(run.id);
      app.logger.warn(
        { runId: run.id, lastActivityAt: run.lastActivityAt.toISOString() },
        "eval run had no progress for too long; finalized as incomplete",
      );
    }
  }
  return finalized;
}

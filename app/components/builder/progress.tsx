// Generation progress: reads the SSE stream of POST /builder/generate (the same events as
// /api/generate: `stage`, then `result` or `error`) and shows each stage with a tick and detail.
import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useRef, useState } from "react";
import { techniqueLabel } from "./labels";

export type StageEvent = { stage: string; [k: string]: unknown };
/** `reply`: conform's answer for the brief form; `errors`: the copy step's fields. */
export type GenerationFailure = {
  error: string;
  status?: number;
  refunded?: boolean;
  errors?: Record<string, string>;
  reply?: SubmissionResult<string[]>;
  step?: string;
};

const LABELS: Record<string, string> = {
  credits: "Credit reserved",
  techniques: "Brief understood",
  retrieval: "Library examples",
  copy: "Copy",
  blueprint: "Blueprint",
  code: "Email code",
  autofix: "Auto-fixes",
  qa: "QA checks",
  amp: "AMP version",
};

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** The detail line of a finished stage, in words. */
export function stageDetail(e: StageEvent): string {
  const d = e as Record<string, unknown>;
  switch (e.stage) {
    case "credits":
      return Number(d.charged) > 0 ? `${plural(Number(d.charged), "credit")} charged (refunded if anything fails)` : "Free generation";
    case "techniques":
      return `Techniques: ${Array.isArray(d.techniques) && d.techniques.length ? techniqueLabel(d.techniques as string[]) : "auto"}`;
    case "retrieval":
      if (!d.used) return "No matching examples; generated without them";
      return `${plural(Number(d.examplesCount), "example")} used`;
    case "copy":
      return d.source === "edited" ? `Your edited copy — “${String(d.subject ?? "")}”` : `Subject: “${String(d.subject ?? "")}”`;
    case "blueprint":
      return d.source === "client"
        ? "From your blueprint"
        : `${plural(Number(d.sections ?? 0), "section")}${d.source === "your copy" ? " from your copy" : ""}`;
    case "code":
      return `${(Number(d.bytes ?? 0) / 1024).toFixed(1)} KB of HTML`;
    case "autofix":
      return Number(d.fixes) > 0 ? `${plural(Number(d.fixes), "fix", "fixes")} applied` : "Nothing to fix";
    case "qa":
      return `Score ${String(d.score)} / 100`;
    case "amp":
      return `Validator: ${String(d.status)}${d.parity === false ? " · parity differs" : ""}${d.clipping === false ? " · clipping at 360 px" : ""}`;
    default:
      return "";
  }
}

/** Parses an SSE body as it arrives. */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: unknown }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const chunk = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of chunk.split("\n")) {
        if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
      }
      try {
        yield { event, data: JSON.parse(data.join("\n")) };
      } catch {
        // not JSON: not ours
      }
    }
    if (done) return;
  }
}

export type ProgressState =
  | { status: "idle" }
  | { status: "running" | "done"; stages: StageEvent[]; expected: string[] }
  | { status: "failed"; stages: StageEvent[]; expected: string[]; failure: GenerationFailure };

/** Starts a streamed generation; calls `onDone(url)` with the new version's page. */
export function useStreamedGeneration(csrfToken: string | undefined, onDone: (url: string) => void) {
  const [state, setState] = useState<ProgressState>({ status: "idle" });
  const running = useRef(false);

  const start = useCallback(
    async (body: URLSearchParams, expected: string[]) => {
      if (running.current) return;
      running.current = true;
      const stages: StageEvent[] = [];
      setState({ status: "running", stages: [], expected });
      const fail = (failure: GenerationFailure) => setState({ status: "failed", stages: [...stages], expected, failure });
      try {
        const res = await fetch("/builder/generate", {
          method: "POST",
          body,
          headers: { "X-CSRF-Token": csrfToken ?? "", Accept: "text/event-stream" },
          credentials: "same-origin",
        });
        const type = res.headers.get("content-type") ?? "";
        if (!type.includes("text/event-stream") || !res.body) {
          const json = (await res.json().catch(() => null)) as GenerationFailure | null;
          fail({
            error: json?.error ?? `The server answered ${res.status}`,
            status: res.status,
            errors: json?.errors,
            reply: json?.reply,
            step: json?.step,
            refunded: false,
          });
          return;
        }
        for await (const { event, data } of readEvents(res.body)) {
          if (event === "stage") {
            const e = data as StageEvent;
            const at = stages.findIndex((s) => s.stage === e.stage);
            if (at >= 0) stages[at] = e;
            else stages.push(e);
            setState({ status: "running", stages: [...stages], expected });
          } else if (event === "result") {
            const r = data as { url: string };
            setState({ status: "done", stages: [...stages], expected });
            onDone(r.url);
            return;
          } else if (event === "error") {
            fail(data as GenerationFailure);
            return;
          }
        }
        fail({ error: "The connection ended before the email was finished." });
      } catch (error) {
        fail({ error: error instanceof Error ? `The connection failed: ${error.message}` : "The connection failed." });
      } finally {
        running.current = false;
      }
    },
    [csrfToken, onDone],
  );
  const reset = useCallback(() => setState({ status: "idle" }), []);
  return { state, start, reset };
}

export function GenerationProgress({ state, onRetry }: { state: Exclude<ProgressState, { status: "idle" }>; onRetry?: () => void }) {
  const done = new Map(state.stages.map((s) => [s.stage, s]));
  const failed = state.status === "failed";
  // Stages in the order they run; the first one not yet done is the one working.
  const rows = state.expected.filter((s) => LABELS[s]);
  const working = rows.find((s) => !done.has(s));
  return (
    <section className="bld-card bld-progress" aria-labelledby="bld-progress-title" data-testid="generation-progress">
      <h2 id="bld-progress-title">
        {failed ? "Generation stopped" : state.status === "done" ? "Your email is ready" : "Building your email…"}
      </h2>
      <ol className="bld-stages" aria-live="polite" aria-relevant="additions text">
        {rows.map((name) => {
          const event = done.get(name);
          const status = event ? "done" : failed ? "stopped" : name === working ? "working" : "pending";
          return (
            <li key={name} className={`bld-stage bld-stage-${status}`} data-stage={name} data-status={status}>
              <span className="bld-stage-icon" aria-hidden="true">
                {status === "done" ? "✓" : status === "stopped" ? "–" : ""}
              </span>
              <span className="bld-stage-name">
                {LABELS[name]}
                <span className="bld-visually-hidden">{status === "done" ? " — done" : status === "working" ? " — working" : ""}</span>
              </span>
              {event ? <span className="bld-stage-detail">{stageDetail(event)}</span> : null}
            </li>
          );
        })}
      </ol>
      {failed ? (
        <div className="bld-alert" role="alert" data-testid="generation-error">
          <p>
            <strong>{state.failure.error}</strong>
          </p>
          <p>{state.failure.refunded ? "Your credit was refunded." : "No credit was charged."}</p>
          {onRetry ? (
            <button type="button" className="bld-btn bld-btn-secondary" onClick={onRetry}>
              Back to the brief
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

// A local stand-in for both model vendors, for the HTTP integration tests: one node:http server that
// speaks Anthropic's `POST /v1/messages` and OpenAI's `POST /v1/chat/completions`, recognises the
// pipeline stage from the request (the JSON object the system prompt asks for, or the code stage's
// system prompt) and answers it sensibly, with usage in the vendor's own shape. The answers come
// from the local engines (the brief from the local reader, copy from the request's own words, HTML
// from the renderer, edits from the local refiner), so a good answer is one the service would accept
// from a real model. A request that forces a tool (Anthropic's structured output) is answered with
// a call of that tool.
//
// Modes: `ok`; `garbage` (prose without any JSON or HTML, so a JSON call fails its repair round
// too); `timeout` (never answers); `http500` (always 500). A mode can be limited to some stages,
// and can start after a number of requests of those stages answered `ok`.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Technique } from "~/domain/blueprint/schema";
import { render } from "~/domain/render";
import { parsePromptFacts } from "~/domain/prompt/facts";
import { readBrief } from "~/domain/reader";
import { toModelBrief, type ModelBrief } from "~/engines/brief/model";
import { writeLocalCopy } from "~/engines/copy/local";
import { LocalRefineEngine } from "~/engines/refine/local";
import { createLocalTagEngine } from "~/engines/tag/local-engine";
import { CODE_SYSTEM } from "~/engines/prompts/code";
import { LLM_CRITERIA } from "~/engines/judge/llm";

export type Vendor = "anthropic" | "openai";
export type Stage = "brief" | "copy" | "blueprint" | "code" | "refine" | "rewrite" | "rerank" | "tag" | "judge";
export type FakeMode = "ok" | "garbage" | "timeout" | "http500";

/** Token counts as the service should report them: `input` is the uncached part for both vendors. */
export interface FakeUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface VendorRequest {
  vendor: Vendor | "unknown";
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  /** The recognised stage; undefined when the request matched none (answered 400). */
  stage?: Stage;
  /** The model the request named. */
  model?: string;
  /** True for the JSON repair round (the request carries the previous, invalid answer). */
  repair: boolean;
  mode: FakeMode;
  /** What was answered: a status (undefined while hanging) and, for 200, the usage served. */
  status?: number;
  usage?: FakeUsage;
}

export interface FakeLlmVendor {
  url: string;
  requests: VendorRequest[];
  /**
   * Sets the behaviour; `stages` limits a failure mode to those stages (the others answer `ok`),
   * and `after` lets that many of their requests from now on answer `ok` first.
   */
  setMode(mode: FakeMode, opts?: { stages?: Stage[]; after?: number }): void;
  /** Changes the brief answers from now on (a model that loses or invents a value); undefined: the local reading's own. */
  editBrief(edit: ((answer: ModelBrief) => void) | undefined): void;
  /** The requests of one stage, in order. */
  of(stage: Stage): VendorRequest[];
  /** Summed usage of the requests answered since `from` (an index into `requests`). */
  usageSince(from: number): FakeUsage;
  close(): Promise<void>;
}

/** Distinct per stage, so a test can tell real counts from the 4-characters-per-token estimate. */
export const FAKE_USAGE: Record<Stage, FakeUsage> = {
  brief: { input: 909, output: 199, cacheRead: 64, cacheWrite: 32 },
  copy: { input: 1101, output: 211, cacheRead: 64, cacheWrite: 32 },
  blueprint: { input: 1202, output: 122, cacheRead: 64, cacheWrite: 32 },
  code: { input: 1303, output: 2403, cacheRead: 128, cacheWrite: 32 },
  refine: { input: 1404, output: 2504, cacheRead: 64, cacheWrite: 32 },
  rewrite: { input: 505, output: 25, cacheRead: 0, cacheWrite: 0 },
  rerank: { input: 606, output: 36, cacheRead: 0, cacheWrite: 0 },
  tag: { input: 707, output: 47, cacheRead: 0, cacheWrite: 0 },
  judge: { input: 808, output: 58, cacheRead: 0, cacheWrite: 0 },
};

/** The object names the stage engines ask for ("Respond with a single JSON object (<name>) …"). */
const SCHEMA_STAGE: Record<string, Stage> = {
  BriefReading: "brief",
  CopyDoc: "copy",
  StructurePlan: "blueprint",
  RefineResult: "refine",
  RetrievalQuery: "rewrite",
  RerankSelection: "rerank",
  AutoTags: "tag",
  JudgeRubric: "judge",
};

/** Prose with no braces, brackets or tags: nothing the JSON extractor or the HTML extractor can use. */
export const GARBAGE = "Sure thing! Here is a lovely email about your sale, written as a poem rather than the format you asked for. Enjoy.";

const textOfContent = (content: unknown): string =>
  typeof content === "string"
    ? content
    : Array.isArray(content)
      ? content.map((b: any) => (b && typeof b.text === "string" ? b.text : "")).join("\n")
      : "";

/** The system text, the per-call prompt (last block of the first user turn) and the cacheable blocks. */
function parseRequest(vendor: Vendor, body: any): { system: string; prompt: string; cacheable: string[]; repair: boolean } {
  if (vendor === "anthropic") {
    const system = Array.isArray(body?.system) ? textOfContent(body.system) : String(body?.system ?? "");
    const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
    const first = messages[0]?.content;
    const blocks: string[] = Array.isArray(first) ? first.map((b: any) => String(b?.text ?? "")) : [String(first ?? "")];
    return { system, prompt: blocks[blocks.length - 1] ?? "", cacheable: blocks.slice(0, -1), repair: messages.length > 1 };
  }
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const system = messages
    .filter((m) => m.role === "system")
    .map((m) => textOfContent(m.content))
    .join("\n");
  const users = messages.filter((m) => m.role === "user");
  return { system, prompt: textOfContent(users[0]?.content), cacheable: [], repair: messages.some((m) => m.role === "assistant") };
}

function recogniseStage(system: string): Stage | undefined {
  const named = /Respond with a single JSON object \(([A-Za-z]+)\)/.exec(system);
  if (named) return SCHEMA_STAGE[named[1]];
  if (system.startsWith(CODE_SYSTEM)) return "code";
  return undefined;
}

/** Text between a heading line and the next `## ` heading of the assembled prompt. */
function section(prompt: string, heading: string): string {
  const start = prompt.indexOf(`${heading}\n`);
  if (start < 0) return "";
  const rest = prompt.slice(start + heading.length + 1);
  const next = rest.search(/\n## /);
  return (next < 0 ? rest : rest.slice(0, next)).trim();
}

const MODULE_NAMES: Record<string, Technique> = { "cart (itemCart)": "itemCart" };

/** A CopyDoc in the request's own words: the local copywriter, fed what the assembled prompt says. */
function answerCopy(prompt: string): unknown {
  const request = section(prompt, "## Request");
  const typeLine = section(prompt, "## Email type").split("\n")[0] ?? "";
  const emailType = /\(given by the caller\)/.test(typeLine) ? typeLine.split(" ")[0] : undefined;
  const modules = /Interactive modules, in order: (.+)\.\s*$/m.exec(prompt)?.[1] ?? "tabs";
  const techniques = modules.split(" + ").map((m) => MODULE_NAMES[m.trim()] ?? (m.trim() as Technique));
  return writeLocalCopy({ prompt: request, emailType, facts: parsePromptFacts(request, emailType), techniques });
}

/** The brief as a model would read it: the local reading's values, without spans. */
function answerBrief(prompt: string, edit: ((answer: ModelBrief) => void) | undefined): unknown {
  const request = section(prompt, "## Request");
  const typeLine = section(prompt, "## Email type").split("\n")[0] ?? "";
  const emailType = /\(given by the caller\)/.test(typeLine) ? typeLine.split(" ")[0] : undefined;
  const answer = toModelBrief(readBrief(request, { emailType }), request);
  edit?.(answer);
  return answer;
}

/** A StructurePlan: copy order as given, each module hosted in the section named after it. */
function answerBlueprint(prompt: string): unknown {
  const sections = [...section(prompt, "## Copy sections (by index)").matchAll(/^(\d+)\. \[([^\]]*)\]/gm)].map((m) => ({
    index: Number(m[1]),
    role: m[2],
  }));
  const modules = [...section(prompt, "## Modules").matchAll(/^\d+\. (\S+)/gm)].map((m) => (m[1] === "itemCart" ? "cart" : m[1]));
  const hosts = modules.map((m) => sections.find((s) => s.role === m)?.index).filter((i): i is number => i !== undefined);
  return {
    sectionOrder: sections.map((s) => s.index),
    ...(hosts.length === modules.length && hosts.length > 0 ? { moduleHosts: hosts } : {}),
  };
}

/** The renderer's HTML for the blueprint in the request, with the chatter and fence models like to add. */
function answerCode(prompt: string): string | undefined {
  const m =
    /## Blueprint \(final; place its words verbatim\)\n([\s\S]*?)\n\n## Language\n[^\n]*\n\nWrite the complete HTML email for this blueprint\.\s*$/.exec(
      prompt,
    );
  if (!m) return undefined;
  const out = render(JSON.parse(m[1]));
  if (!out.ok) return undefined;
  return `Here is the email.\n\n\`\`\`html\n${out.html}\`\`\`\n`;
}

async function answerRefine(prompt: string): Promise<unknown> {
  const m = /^## Instructions\n([\s\S]*?)\n\n(?:## Language\n[^\n]*\n\n)?## Current HTML\n([\s\S]*)$/.exec(prompt);
  if (!m) return undefined;
  const r = await new LocalRefineEngine().refine(m[2], m[1]);
  return r.ok ? { html: r.html, applied: r.applied, notApplied: r.notApplied } : undefined;
}

function answerRewrite(prompt: string): unknown {
  const req = JSON.parse(prompt);
  return {
    query: `interactive ${req.technique ?? "email"} email using hidden radio and checkbox inputs with :checked sibling selectors and a static fallback, ${req.emailType ?? "marketing"} layout`,
  };
}

function answerRerank(prompt: string): unknown {
  const req = JSON.parse(prompt);
  const candidates: Array<{ id: string }> = req.candidates ?? [];
  return { keep: candidates.slice(0, req.keepAtMost ?? 7).map((c, i) => ({ id: c.id, reason: `relevant example ${i + 1}` })) };
}

async function answerTag(prompt: string): Promise<unknown> {
  const req = JSON.parse(prompt);
  const r = await createLocalTagEngine().tag({ htmlContent: String(req.html ?? ""), contentType: String(req.contentType ?? "html") });
  return r.ok ? r.tags : undefined;
}

function answerJudge(): unknown {
  return {
    criteria: Object.keys(LLM_CRITERIA).map((criterion) => ({
      criterion,
      score: 85,
      reason: `The ${criterion} looks right to the fake reviewer.`,
    })),
    summary: "A solid interactive email. The fake reviewer found nothing to object to.",
  };
}

/** The text a sensible model would answer for the stage (JSON as text for JSON stages). */
async function answerFor(stage: Stage, prompt: string, editBrief?: (answer: ModelBrief) => void): Promise<string | undefined> {
  const json = (v: unknown) => (v === undefined ? undefined : JSON.stringify(v));
  switch (stage) {
    case "brief":
      return json(answerBrief(prompt, editBrief));
    case "copy":
      return json(answerCopy(prompt));
    case "blueprint":
      return json(answerBlueprint(prompt));
    case "code":
      return answerCode(prompt);
    case "refine":
      return json(await answerRefine(prompt));
    case "rewrite":
      return json(answerRewrite(prompt));
    case "rerank":
      return json(answerRerank(prompt));
    case "tag":
      return json(await answerTag(prompt));
    case "judge":
      return json(answerJudge());
  }
}

/** `tool`: the forced tool the request named, called with the answer as its input (when the answer is JSON). */
function anthropicBody(model: string, text: string, u: FakeUsage, tool?: string) {
  let input: unknown;
  try {
    input = tool ? JSON.parse(text) : undefined;
  } catch {
    input = undefined;
  }
  return {
    id: `msg_fake_${Math.random().toString(36).slice(2, 10)}`,
    type: "message",
    role: "assistant",
    model,
    content: input === undefined ? [{ type: "text", text }] : [{ type: "tool_use", id: "toolu_fake", name: tool, input }],
    stop_reason: input === undefined ? "end_turn" : "tool_use",
    stop_sequence: null,
    usage: {
      input_tokens: u.input,
      output_tokens: u.output,
      cache_read_input_tokens: u.cacheRead,
      cache_creation_input_tokens: u.cacheWrite,
    },
  };
}

function openAiBody(model: string, text: string, u: FakeUsage) {
  // prompt_tokens includes the cached part; the adapter subtracts it again.
  return {
    id: `chatcmpl-fake${Math.random().toString(36).slice(2, 10)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content: text, refusal: null }, logprobs: null, finish_reason: "stop" }],
    usage: {
      prompt_tokens: u.input + u.cacheRead,
      completion_tokens: u.output,
      total_tokens: u.input + u.cacheRead + u.output,
      prompt_tokens_details: { cached_tokens: u.cacheRead },
    },
  };
}

function errorBody(vendor: Vendor | "unknown", status: number, message: string) {
  if (vendor === "anthropic") return { type: "error", error: { type: status >= 500 ? "api_error" : "invalid_request_error", message } };
  return { error: { message, type: status >= 500 ? "server_error" : "invalid_request_error", param: null, code: null } };
}

/** Starts the fake on 127.0.0.1, port 0. */
export async function startFakeLlmVendor(): Promise<FakeLlmVendor> {
  const requests: VendorRequest[] = [];
  let mode: FakeMode = "ok";
  let limitedTo: Stage[] | undefined;
  let okFirst = 0;
  let briefEdit: ((answer: ModelBrief) => void) | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void (async () => {
        const path = new URL(req.url ?? "/", "http://fake").pathname;
        const vendor: Vendor | "unknown" = path === "/v1/messages" ? "anthropic" : path === "/v1/chat/completions" ? "openai" : "unknown";
        let body: any;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          body = undefined;
        }
        const parsed = vendor === "unknown" ? undefined : parseRequest(vendor, body);
        const stage = parsed ? recogniseStage(parsed.system) : undefined;
        const concerned = Boolean(stage && (!limitedTo || limitedTo.includes(stage)));
        const spared = concerned && okFirst > 0;
        if (spared) okFirst--;
        const effective: FakeMode = concerned && !spared ? mode : "ok";
        const record: VendorRequest = {
          vendor,
          method: req.method ?? "",
          path,
          headers: req.headers,
          body,
          stage,
          model: typeof body?.model === "string" ? body.model : undefined,
          repair: parsed?.repair ?? false,
          mode: effective,
        };
        requests.push(record);
        const send = (status: number, payload: unknown) => {
          record.status = status;
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(payload));
        };

        if (req.method !== "POST" || vendor === "unknown")
          return send(404, errorBody(vendor, 404, `no such endpoint: ${req.method} ${path}`));
        if (!stage || !parsed || !record.model)
          return send(400, errorBody(vendor, 400, "the fake could not tell which stage this request is for"));
        if (effective === "timeout") return; // never answers; the client's timer must fire
        if (effective === "http500") return send(500, errorBody(vendor, 500, "Internal server error (fake vendor)"));

        let text: string | undefined;
        if (effective === "garbage") text = GARBAGE;
        else {
          try {
            text = await answerFor(stage, parsed.prompt, briefEdit);
          } catch {
            text = undefined;
          }
        }
        if (text === undefined) return send(400, errorBody(vendor, 400, `the fake could not read the ${stage} request`));
        const usage = FAKE_USAGE[stage];
        record.usage = vendor === "openai" ? { ...usage, cacheWrite: 0 } : usage;
        const tool = body?.tool_choice?.type === "tool" ? String(body.tool_choice.name) : undefined;
        send(200, vendor === "anthropic" ? anthropicBody(record.model, text, usage, tool) : openAiBody(record.model, text, usage));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(m, opts = {}) {
      mode = m;
      limitedTo = opts.stages;
      okFirst = opts.after ?? 0;
    },
    editBrief(edit) {
      briefEdit = edit;
    },
    of: (stage) => requests.filter((r) => r.stage === stage),
    usageSince(from) {
      const total: FakeUsage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
      for (const r of requests.slice(from)) {
        if (!r.usage) continue;
        total.input += r.usage.input;
        total.output += r.usage.output;
        total.cacheRead += r.usage.cacheRead;
        total.cacheWrite += r.usage.cacheWrite;
      }
      return total;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

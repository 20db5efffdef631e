// No stream outlives its client: against the real server in its own process, streams are opened
// and abandoned by the hundred in every way a client can leave (FIN or RST before the answer,
// closed mid-stream, HEAD), and afterwards the server holds no stream and polls nothing.
// The caps are raised here so that every stream is really opened; their own test is stream-caps.
import {
  ABANDON_WAYS,
  abandonStreams,
  streamHealth,
  waitForStreams,
  type AbandonWay,
  type StreamTarget,
} from "../../scripts/bench/lib/stream-flood";
import { startServerProcess, type ServerProcess } from "../helpers/server-process";
import { waitUntil } from "../helpers/wait";

const PER_WAY = 500;
const GENERATIONS_PER_WAY = 40;
/** A couple of the send pollers' 500 ms intervals. */
const POLL_INTERVALS_MS = 1500;

let server: ServerProcess;
let sendId: string;

beforeAll(async () => {
  server = await startServerProcess({ EMAIL_PROVIDER: "outbox", STREAMS_MAX_PER_USER: "100000", STREAMS_MAX_TOTAL: "100000" });
  const res = await fetch(`${server.url}/api/send-email-esp`, {
    method: "POST",
    headers: { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ to: "reader@example.com", subject: "Streams", html: "<p>Hello</p>" }),
  });
  expect(res.status).toBe(200);
  sendId = ((await res.json()) as { sendId: string }).sendId;
}, 120_000);
afterAll(() => server?.stop());

/** Nothing open, nothing polled, and the poll count stays put over a couple of poll intervals. */
async function expectNothingLeft() {
  const settled = await waitForStreams(server.url, (s) => s.live === 0 && s.pollers === 0);
  expect(settled).toMatchObject({ live: 0, pollers: 0 });
  await new Promise((r) => setTimeout(r, POLL_INTERVALS_MS));
  const later = await streamHealth(server.url);
  expect(later).toMatchObject({ live: 0, pollers: 0, polls: settled.polls });
}

describe("live send events", () => {
  it("counts a stream held open and the send's poller while it lasts", async () => {
    const controller = new AbortController();
    const res = await fetch(`${server.url}/api/sends/${sendId}/events`, {
      headers: { Authorization: `Bearer ${server.token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const first = await waitForStreams(server.url, (s) => s.live === 1 && s.pollers === 1);
    expect(first).toMatchObject({ live: 1, pollers: 1 });
    const polling = await waitForStreams(server.url, (s) => s.polls > first.polls);
    expect(polling.polls).toBeGreaterThan(first.polls);
    controller.abort();
    await expectNothingLeft();
  });

  it.each(ABANDON_WAYS)(
    `leaves nothing running after ${PER_WAY} streams abandoned: %s`,
    async (way: AbandonWay) => {
      const target: StreamTarget = { url: server.url, token: server.token, method: "GET", path: `/api/sends/${sendId}/events` };
      const before = await streamHealth(server.url);
      const flood = await abandonStreams(target, way, PER_WAY);
      // The ways that wait for an answer got a stream each (not a refusal).
      if (way === "mid-stream" || way === "head") expect(flood.statuses).toEqual({ 200: PER_WAY });
      if (way === "mid-stream") expect((await streamHealth(server.url)).opened - before.opened).toBe(PER_WAY);
      await expectNothingLeft();
    },
    120_000,
  );
});

describe("streamed generations", () => {
  const credits = async () => {
    const rows = await server.db().execute("SELECT kind, count(*) AS n FROM credit_ledger WHERE action LIKE '%generat%' GROUP BY kind");
    const by = Object.fromEntries(rows.rows.map((r) => [String(r.kind), Number(r.n)]));
    const logged = Number((await server.db().execute("SELECT count(*) AS n FROM qa_evaluations")).rows[0].n);
    return { charges: by.charge ?? 0, refunds: by.refund ?? 0, logged };
  };

  it.each(ABANDON_WAYS.filter((w) => w !== "head"))(
    `give their slots back when the client leaves (%s), and each generation still completes and is saved`,
    async (way: AbandonWay) => {
      const target: StreamTarget = {
        url: server.url,
        token: server.token,
        method: "POST",
        path: "/api/generate",
        body: JSON.stringify({ prompt: "Tabs for A, B and C" }),
      };
      const before = await credits();
      const flood = await abandonStreams(target, way, GENERATIONS_PER_WAY, 4);
      if (way === "mid-stream") expect(flood.statuses).toEqual({ 200: GENERATIONS_PER_WAY });
      await expectNothingLeft();
      // Every generation that was charged finishes and is logged (none was refunded for the client leaving).
      let after = await credits();
      await waitUntil(async () => (after = await credits()).logged - before.logged >= after.charges - before.charges, {
        what: () => `every charged generation to be logged (${JSON.stringify({ before, after })})`,
        timeoutMs: 60_000,
        intervalMs: 200,
      });
      if (way === "mid-stream") expect(after.charges - before.charges).toBeGreaterThanOrEqual(GENERATIONS_PER_WAY);
      expect(after.refunds - before.refunds).toBe(0);
      expect(after.logged - before.logged).toBe(after.charges - before.charges);
    },
    180_000,
  );
});

// Open streams are capped per user and in total (here 3 and 5; the defaults are 20 and 1,000):
// past a cap, 429 with Retry-After, for live send events and streamed generations alike. A send's
// live streams share one poller, which hands each stream the events it has not had.
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";
import { streamText, waitUntil } from "../helpers/wait";

let server: TestServer;
let alice: { id: string; token: string };
let bob: { id: string; token: string };
const open: AbortController[] = [];

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox", STREAMS_MAX_PER_USER: "3", STREAMS_MAX_TOTAL: "5" });
  alice = await createUserWithToken(server, { credits: 10 });
  bob = await createUserWithToken(server, { credits: 10 });
});
afterAll(async () => {
  for (const c of open) c.abort();
  await server?.close();
});

async function sendFor(token: string): Promise<string> {
  const res = await server.fetch("/api/send-email-esp", { method: "POST", token, json: { to: "reader@example.com", html: "<p>Hi</p>" } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { sendId: string }).sendId;
}

interface Stream {
  res: Response;
  close(): void;
  /** Reads until the text holds `needle`; returns everything read so far. */
  readUntil(needle: string): Promise<string>;
}

async function openEvents(token: string, sendId: string, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController();
  open.push(controller);
  const res = await server.fetch(`/api/sends/${sendId}/events`, { token, headers, signal: controller.signal });
  // A refused stream's body is its JSON error, read by the test.
  const stream = res.status === 200 ? streamText(res.body!) : null;
  return {
    res,
    close: () => controller.abort(),
    readUntil: (needle) => stream!.until(needle),
  };
}

async function streams() {
  return (
    (await (await server.fetch("/healthz")).json()) as {
      streams: { live: number; perUserMax: number; max: number; pollers: number; polls: number };
    }
  ).streams;
}

async function until(check: (s: Awaited<ReturnType<typeof streams>>) => boolean) {
  let last: Awaited<ReturnType<typeof streams>> | undefined;
  return waitUntil(
    async () => {
      last = await streams();
      return check(last) ? last : null;
    },
    { what: () => `the stream counts in /healthz to reach the expected state (last: ${JSON.stringify(last)})`, intervalMs: 50 },
  );
}

async function expectRefused(res: Response, error: RegExp) {
  expect(res.status).toBe(429);
  expect(res.headers.get("retry-after")).toBe("5");
  expect(await res.json()).toMatchObject({ success: false, error: expect.stringMatching(error), retry_after_seconds: 5 });
}

async function balance(token: string): Promise<number> {
  const me = (await (await server.fetch("/api/me", { token })).json()) as { credits: { ai_generation: number } };
  return me.credits.ai_generation;
}

it("caps streams per user and in total, shares one poller per send, and frees a slot when a client leaves", async () => {
  const [a1, a2, b1] = [await sendFor(alice.token), await sendFor(alice.token), await sendFor(bob.token)];
  expect(await streams()).toMatchObject({ live: 0, perUserMax: 3, max: 5, pollers: 0 });

  const mine = [await openEvents(alice.token, a1), await openEvents(alice.token, a1), await openEvents(alice.token, a2)];
  for (const s of mine) expect(s.res.status).toBe(200);
  // Three streams over two sends: two pollers, not three.
  expect(await until((s) => s.live === 3 && s.pollers === 2)).toMatchObject({ live: 3, pollers: 2 });

  // Alice's fourth stream is refused, and so is a streamed generation, before any credit moves.
  await expectRefused((await openEvents(alice.token, a1)).res, /this account holds 3/);
  const credits = await balance(alice.token);
  const generation = await server.fetch("/api/generate", {
    method: "POST",
    token: alice.token,
    json: { prompt: "Tabs for A, B and C" },
    headers: { Accept: "text/event-stream" },
  });
  await expectRefused(generation, /this account holds 3/);
  expect(await balance(alice.token)).toBe(credits);

  // Bob fills the server's five; his third is refused by the total, as is any of Alice's.
  const his = [await openEvents(bob.token, b1), await openEvents(bob.token, b1)];
  for (const s of his) expect(s.res.status).toBe(200);
  await expectRefused((await openEvents(bob.token, b1)).res, /on this server/);

  // A client leaving gives its slot back: Alice can open one again.
  mine[0].close();
  expect((await until((s) => s.live === 4)).live).toBe(4);
  const again = await openEvents(alice.token, a1);
  expect(again.res.status).toBe(200);

  for (const s of [...mine, ...his, again]) s.close();
  expect(await until((s) => s.live === 0 && s.pollers === 0)).toMatchObject({ live: 0, pollers: 0 });
});

it("hands every stream of a send, through its one poller, the events it has not had", async () => {
  const sendId = await sendFor(alice.token);
  const { client } = server.app.database;
  const store = (kind: string) =>
    client.execute({
      sql: "INSERT INTO email_delivery_events (event_id, provider, send_id, email, kind, occurred_at) VALUES (?, 'outbox', ?, 'reader@example.com', ?, ?)",
      args: [`${sendId}-${kind}`, sendId, kind, Date.now()],
    });
  const first = Number((await store("delivered")).lastInsertRowid);

  const fresh = await openEvents(alice.token, sendId);
  const resumed = await openEvents(alice.token, sendId, { "Last-Event-ID": String(first) });
  await fresh.readUntil('"kind":"delivered"');
  expect(await until((s) => s.live === 2 && s.pollers === 1)).toMatchObject({ live: 2, pollers: 1 });

  // Stored by "another process" (no in-process wake-up): the poll finds it for both.
  await store("opened");
  const freshText = await fresh.readUntil('"kind":"opened"');
  const resumedText = await resumed.readUntil('"kind":"opened"');
  const kinds = (text: string) => [...text.matchAll(/"kind":"(\w+)"/g)].map((m) => m[1]);
  expect(kinds(freshText)).toEqual(["delivered", "opened"]);
  expect(kinds(resumedText)).toEqual(["opened"]);

  fresh.close();
  resumed.close();
  expect(await until((s) => s.live === 0 && s.pollers === 0)).toMatchObject({ live: 0, pollers: 0 });
});

it("answers HEAD with the stream's headers and holds no slot", async () => {
  const sendId = await sendFor(bob.token);
  for (let i = 0; i < 6; i++) {
    const res = await server.fetch(`/api/sends/${sendId}/events`, { method: "HEAD", token: bob.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  }
  expect(await streams()).toMatchObject({ live: 0, pollers: 0 });
});

import { describe, expect, it } from "vitest";
import { streamText, waitUntil } from "./wait";

describe("waitUntil", () => {
  it("resolves with the first truthy value the check returns", async () => {
    let calls = 0;
    expect(await waitUntil(() => (++calls >= 3 ? { calls } : null), { what: "three calls", intervalMs: 1 })).toEqual({ calls: 3 });
  });

  it("fails at its deadline, naming what never happened and the last state seen", async () => {
    let seen = 0;
    await expect(
      waitUntil(() => (seen++, false), { what: () => `a miracle (checked ${seen} times)`, timeoutMs: 30, intervalMs: 5 }),
    ).rejects.toThrow(/^timed out after 30 ms waiting for a miracle \(checked \d+ times\)$/);
  });

  it("stops at once when the check throws", async () => {
    await expect(
      waitUntil(
        () => {
          throw new Error("the child exited");
        },
        { what: "never" },
      ),
    ).rejects.toThrow("the child exited");
  });
});

describe("streamText", () => {
  const encoder = new TextEncoder();

  it("reads until the text holds the needle, and says what it read when the stream ends first", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of ["event: a\n\n", "event: b\n\n"]) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
    const stream = streamText(body);
    expect(await stream.until("event: b")).toBe("event: a\n\nevent: b\n\n");
    await expect(stream.until("event: c")).rejects.toThrow(/the stream ended before "event: c"; it said: "event: a/);
  });

  it("fails at its deadline when the stream stays open and silent", async () => {
    const stream = streamText(
      new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(encoder.encode(": heartbeat\n\n")) }),
    );
    await expect(stream.until("event: never", 30)).rejects.toThrow(
      /timed out after 30 ms waiting for "event: never" in the stream; it said: ": heartbeat/,
    );
    await stream.cancel();
  });
});

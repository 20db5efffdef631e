// The responses the server holds open over time (a send's live events, a streamed generation):
// counted, so /healthz can show them, and capped per user and in total, so that no client can hold
// thousands of them. A stream takes a slot when it opens and gives it back when it ends or its
// client goes, whichever comes first; giving it back twice is harmless.

export interface StreamCaps {
  perUser: number;
  total: number;
}

export interface StreamSlot {
  release(): void;
}

export type SlotAnswer = { ok: true; slot: StreamSlot } | { ok: false; refused: "user" | "total" };

const heldBy = new Map<string, number>();
let live = 0;
let opened = 0;

export function takeStreamSlot(owner: string, caps: StreamCaps): SlotAnswer {
  const mine = heldBy.get(owner) ?? 0;
  if (mine >= caps.perUser) return { ok: false, refused: "user" };
  if (live >= caps.total) return { ok: false, refused: "total" };
  heldBy.set(owner, mine + 1);
  live++;
  opened++;
  let held = true;
  return {
    ok: true,
    slot: {
      release() {
        if (!held) return;
        held = false;
        live--;
        const left = (heldBy.get(owner) ?? 1) - 1;
        if (left > 0) heldBy.set(owner, left);
        else heldBy.delete(owner);
      },
    },
  };
}

/** Streams open now, and how many were opened since the process started. */
export function liveStreamCounts(): { live: number; opened: number } {
  return { live, opened };
}

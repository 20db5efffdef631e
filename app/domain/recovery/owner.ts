// Whether the server process that started some work (a charge, a page eval run) is gone, so the
// work can never finish and what it left behind can be settled (refunded, finalized). Several
// processes may share one database (a second server, a restart while the old one drains), so
// "older than this boot" is not enough: work owned by a live process must be left alone.

/** A process's heartbeat is renewed this often… */
export const HEARTBEAT_MS = 30_000;
/** …and a process unheard of for this long is gone (four missed heartbeats). */
export const LEASE_MS = 2 * 60_000;

export interface OwnerRecord {
  id: string;
  host: string;
  pid: number;
  seenAt: number;
}

export interface Observer {
  id: string;
  host: string;
  pid: number;
}

/** Why the owner is gone: its process no longer exists here ("restart"), or it stopped renewing its heartbeat ("silent"). */
export type GoneReason = "restart" | "silent";

/**
 * The rule, from the point of view of `self`:
 * - work of `self` is never settled by itself;
 * - an owner with no record is gone (records are removed only once their work is settled);
 * - an owner on the same host (and PID namespace) is gone when its pid is ours (we replaced it)
 *   or no process has its pid: known at once, so a restart settles what a crash left;
 * - otherwise (another host, or its pid is in use, perhaps by an unrelated process) it is gone
 *   only once its heartbeat is older than `leaseMs`.
 * A live process misjudged as gone (its heartbeat stalled past the lease) can only be given a
 * generation for free: settling is conditional, so nothing is ever refunded twice.
 */
export function ownerGone(
  owner: OwnerRecord | null,
  self: Observer,
  now: number,
  pidRunning: (pid: number) => boolean,
  leaseMs: number = LEASE_MS,
): GoneReason | null {
  if (owner?.id === self.id) return null;
  if (!owner) return "restart";
  if (owner.host === self.host && (owner.pid === self.pid || !pidRunning(owner.pid))) return "restart";
  return now - owner.seenAt > leaseMs ? "silent" : null;
}

/** The ledger note of a refund made because the work's process is gone. */
export function interruptedRefundNote(reason: GoneReason): string {
  return reason === "restart" ? "refund: interrupted by a restart" : "refund: interrupted (the server running it stopped answering)";
}

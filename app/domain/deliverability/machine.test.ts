import {
  DEFAULT_POLICY,
  checkSend,
  deliverabilityStateSchema,
  initialState,
  machineEventFor,
  transition,
  type DeliverabilityEvent,
  type DeliverabilityState,
  type Effect,
} from "./machine";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date("2026-11-01T00:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** Applies events in order, each at its own time; returns the final state and all effects. */
function run(events: [DeliverabilityEvent["type"], number][], start: DeliverabilityState = initialState()) {
  let state = start;
  const effects: Effect[][] = [];
  for (const [type, ms] of events) {
    const r = transition(state, { type } as DeliverabilityEvent, DEFAULT_POLICY, at(ms));
    state = r.state;
    effects.push(r.effects);
  }
  return { state, effects, last: effects[effects.length - 1] };
}

describe("SPEC.md recipient deliverability table", () => {
  const softBounced = run([["temporaryFailure", 0]]).state;
  const rows: {
    row: string;
    from: DeliverabilityState;
    events: [DeliverabilityEvent["type"], number][];
    status: DeliverabilityState["status"];
    until?: Date | null;
    effects: Effect[];
  }[] = [
    {
      row: "deliverable + failed (permanent) → suppressed, logged, alert",
      from: initialState(),
      events: [["permanentFailure", 0]],
      status: "suppressed",
      until: null,
      effects: [{ type: "suppress", reason: "hard_bounce", until: null }, { type: "alert", kind: "hard_bounce" }],
    },
    {
      row: "deliverable + complained → suppressed permanently, alert",
      from: initialState(),
      events: [["complaint", 0]],
      status: "suppressed",
      until: null,
      effects: [{ type: "suppress", reason: "complaint", until: null }, { type: "alert", kind: "complaint" }],
    },
    {
      row: "deliverable + failed (temporary) → soft-bounced, logged in email_bounce_log",
      from: initialState(),
      events: [["temporaryFailure", 0]],
      status: "softBounced",
      effects: [{ type: "logBounce", recentSoftBounces: 1, consecutive: 1 }],
    },
    {
      row: "soft-bounced + 4th consecutive temporary failure → suppressed permanently, alert",
      from: softBounced,
      // Spread over more than 7 days so the 3-in-7 rule never fires first.
      events: [["temporaryFailure", 4 * DAY], ["temporaryFailure", 8 * DAY], ["temporaryFailure", 12 * DAY]],
      status: "suppressed",
      until: null,
      effects: [
        { type: "logBounce", recentSoftBounces: 2, consecutive: 4 },
        { type: "suppress", reason: "consecutive_temporary", until: null },
        { type: "alert", kind: "soft_bounce_escalated" },
      ],
    },
    {
      row: "soft-bounced + 3rd soft bounce within 7 days → suppressed for 30 days, alert",
      from: softBounced,
      events: [["temporaryFailure", 2 * DAY], ["temporaryFailure", 5 * DAY]],
      status: "suppressed",
      until: at(5 * DAY + 30 * DAY),
      effects: [
        { type: "logBounce", recentSoftBounces: 3, consecutive: 3 },
        { type: "suppress", reason: "soft_bounce_limit", until: at(35 * DAY) },
        { type: "alert", kind: "soft_bounce_escalated" },
      ],
    },
    {
      row: "any (soft-bounced) + manual unsubscribe → suppressed",
      from: softBounced,
      events: [["unsubscribe", HOUR]],
      status: "suppressed",
      until: null,
      effects: [{ type: "suppress", reason: "unsubscribe", until: null }],
    },
    {
      row: "any (deliverable) + manual unsubscribe → suppressed",
      from: initialState(),
      events: [["unsubscribe", 0]],
      status: "suppressed",
      until: null,
      effects: [{ type: "suppress", reason: "unsubscribe", until: null }],
    },
  ];

  it.each(rows)("$row", ({ from, events, status, until, effects }) => {
    const { state, last } = run(events, from);
    expect(state.status).toBe(status);
    if (until !== undefined) expect(state.suppressedUntil ?? null).toEqual(until);
    expect(last).toEqual(effects);
  });

  it("soft-bounced + send request within 24 h → rejected with retry_after, state unchanged", () => {
    const state = run([["temporaryFailure", 0]]).state;
    const before = JSON.stringify(state);
    expect(checkSend(state, DEFAULT_POLICY, at(HOUR))).toEqual({ allowed: false, reason: "cooldown", retryAfter: at(DAY) });
    expect(JSON.stringify(state)).toBe(before);
  });

  it.each([
    ["hard bounce", "permanentFailure", "hard_bounce"],
    ["complaint", "complaint", "complaint"],
    ["unsubscribe", "unsubscribe", "unsubscribe"],
  ] as const)("a suppression-list entry (%s) rejects sends with no retry_after", (_, type, reason) => {
    const { state } = run([[type, 0]]);
    expect(checkSend(state, DEFAULT_POLICY, at(365 * DAY))).toEqual({ allowed: false, reason: "suppressed", suppression: reason });
  });

  it("the 30-day suppression rejects sends with retry_after at its end", () => {
    const { state } = run([["temporaryFailure", 0], ["temporaryFailure", DAY], ["temporaryFailure", 2 * DAY]]);
    expect(checkSend(state, DEFAULT_POLICY, at(3 * DAY))).toEqual({
      allowed: false,
      reason: "suppressed",
      suppression: "soft_bounce_limit",
      retryAfter: at(32 * DAY),
    });
  });
});

describe("edges", () => {
  it("cooldown: 1 ms before 24 h is rejected, exactly 24 h is allowed", () => {
    const { state } = run([["temporaryFailure", 0]]);
    expect(checkSend(state, DEFAULT_POLICY, at(DAY - 1)).allowed).toBe(false);
    expect(checkSend(state, DEFAULT_POLICY, at(DAY))).toEqual({ allowed: true });
  });

  it("window: the 3rd bounce exactly 7 days after the 1st counts; 1 ms later it does not", () => {
    const exactly = run([["temporaryFailure", 0], ["temporaryFailure", 3 * DAY], ["temporaryFailure", 7 * DAY]]).state;
    expect(exactly.status).toBe("suppressed");
    expect(exactly.suppressedUntil).toEqual(at(37 * DAY));
    const later = run([["temporaryFailure", 0], ["temporaryFailure", 3 * DAY], ["temporaryFailure", 7 * DAY + 1]]);
    expect(later.state.status).toBe("softBounced");
    expect(later.state.softBounces).toEqual([at(3 * DAY), at(7 * DAY + 1)]);
    expect(later.last).toEqual([{ type: "logBounce", recentSoftBounces: 2, consecutive: 3 }]);
  });

  it("30 days: suppressed 1 ms before the end, deliverable at the end, and the next transition lifts the entry", () => {
    const { state } = run([["temporaryFailure", 0], ["temporaryFailure", DAY], ["temporaryFailure", 2 * DAY]]);
    const end = at(32 * DAY);
    expect(checkSend(state, DEFAULT_POLICY, new Date(end.getTime() - 1)).allowed).toBe(false);
    expect(checkSend(state, DEFAULT_POLICY, end)).toEqual({ allowed: true });
    const delivered = transition(state, { type: "delivered" }, DEFAULT_POLICY, end);
    expect(delivered.effects).toEqual([{ type: "liftSuppression", reason: "soft_bounce_limit" }]);
    expect(delivered.state).toMatchObject({ status: "deliverable", consecutiveTemporary: 0 });
    expect(delivered.state.suppressedUntil).toBeUndefined();
  });

  it("after the 30 days, the 4th consecutive temporary failure is permanent", () => {
    const { state, last } = run([
      ["temporaryFailure", 0],
      ["temporaryFailure", DAY],
      ["temporaryFailure", 2 * DAY],
      ["temporaryFailure", 40 * DAY],
    ]);
    expect(state).toMatchObject({ status: "suppressed", suppressedUntil: null, reason: "consecutive_temporary" });
    expect(last).toContainEqual({ type: "liftSuppression", reason: "soft_bounce_limit" });
    expect(last).toContainEqual({ type: "alert", kind: "soft_bounce_escalated" });
  });

  it("a delivery resets the consecutive count and lifts the cooldown", () => {
    const { state } = run([
      ["temporaryFailure", 0],
      ["temporaryFailure", 8 * DAY],
      ["delivered", 9 * DAY],
      ["temporaryFailure", 16 * DAY],
      ["temporaryFailure", 24 * DAY],
    ]);
    expect(state).toMatchObject({ status: "softBounced", consecutiveTemporary: 2 });
    const cleared = transition(state, { type: "delivered" }, DEFAULT_POLICY, at(24 * DAY + HOUR)).state;
    expect(checkSend(cleared, DEFAULT_POLICY, at(24 * DAY + 2 * HOUR))).toEqual({ allowed: true });
    expect(cleared.consecutiveTemporary).toBe(0);
  });

  it("3 consecutive then a delivery then 1 more is not permanent", () => {
    const { state } = run([
      ["temporaryFailure", 0],
      ["temporaryFailure", 8 * DAY],
      ["temporaryFailure", 16 * DAY],
      ["delivered", 17 * DAY],
      ["temporaryFailure", 18 * DAY],
    ]);
    expect(state).toMatchObject({ status: "softBounced", consecutiveTemporary: 1 });
  });

  it("a delivery older than the last soft bounce (out-of-order webhook) changes nothing", () => {
    const { state } = run([["temporaryFailure", DAY]]);
    const r = transition(state, { type: "delivered" }, DEFAULT_POLICY, at(0));
    expect(r).toEqual({ state, effects: [] });
  });

  it("a repeated hard bounce does not alert twice; a complaint on a suppressed address still alerts", () => {
    const { effects } = run([["permanentFailure", 0], ["permanentFailure", HOUR], ["complaint", 2 * HOUR]]);
    expect(effects[1]).toEqual([]);
    expect(effects[2]).toEqual([{ type: "alert", kind: "complaint" }]);
  });

  it("temporary failures on a permanently suppressed address are logged but change nothing else", () => {
    const { state, last } = run([["unsubscribe", 0], ["temporaryFailure", HOUR]]);
    expect(state).toMatchObject({ status: "suppressed", suppressedUntil: null, reason: "unsubscribe" });
    expect(last).toEqual([{ type: "logBounce", recentSoftBounces: 1, consecutive: 1 }]);
  });

  it("a delivered event on a deliverable address is a no-op", () => {
    const r = transition(initialState(), { type: "delivered" }, DEFAULT_POLICY, T0);
    expect(r).toEqual({ state: initialState(), effects: [] });
    expect(checkSend(initialState(), DEFAULT_POLICY, T0)).toEqual({ allowed: true });
  });

  it("the policy is data: a stricter policy escalates sooner", () => {
    const strict = { ...DEFAULT_POLICY, softBounceLimit: 2, softBounceSuppressionMs: DAY };
    const r1 = transition(initialState(), { type: "temporaryFailure" }, strict, T0);
    const r2 = transition(r1.state, { type: "temporaryFailure" }, strict, at(HOUR));
    expect(r2.state).toMatchObject({ status: "suppressed", suppressedUntil: at(HOUR + DAY) });
  });

  it("state survives a JSON round trip through the schema", () => {
    const { state } = run([["temporaryFailure", 0], ["temporaryFailure", DAY], ["temporaryFailure", 2 * DAY]]);
    const back = deliverabilityStateSchema.parse(JSON.parse(JSON.stringify(state)));
    expect(back).toEqual(state);
    expect(checkSend(back, DEFAULT_POLICY, at(3 * DAY))).toEqual(checkSend(state, DEFAULT_POLICY, at(3 * DAY)));
  });
});

describe("machineEventFor", () => {
  it.each([
    [{ kind: "failed", severity: "permanent" }, { type: "permanentFailure" }],
    [{ kind: "failed", severity: "temporary" }, { type: "temporaryFailure" }],
    [{ kind: "complained" }, { type: "complaint" }],
    [{ kind: "delivered" }, { type: "delivered" }],
    [{ kind: "unsubscribed" }, { type: "unsubscribe" }],
    [{ kind: "opened" }, null],
    [{ kind: "clicked" }, null],
  ] as const)("%j → %j", (input, expected) => {
    expect(machineEventFor(input)).toEqual(expected);
  });
});

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

describe('the recipient deliverability table (docs/sending.md, "What events do")', () => {
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
      effects: [
        { type: "suppress", reason: "hard_bounce", until: null },
        { type: "alert", kind: "hard_bounce" },
      ],
    },
    {
      row: "deliverable + complained → suppressed permanently, alert",
      from: initialState(),
      events: [["complaint", 0]],
      status: "suppressed",
      until: null,
      effects: [
        { type: "suppress", reason: "complaint", until: null },
        { type: "alert", kind: "complaint" },
      ],
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
      events: [
        ["temporaryFailure", 4 * DAY],
        ["temporaryFailure", 8 * DAY],
        ["temporaryFailure", 12 * DAY],
      ],
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
      events: [
        ["temporaryFailure", 2 * DAY],
        ["temporaryFailure", 5 * DAY],
      ],
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
    const { state } = run([
      ["temporaryFailure", 0],
      ["temporaryFailure", DAY],
      ["temporaryFailure", 2 * DAY],
    ]);
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
    const exactly = run([
      ["temporaryFailure", 0],
      ["temporaryFailure", 3 * DAY],
      ["temporaryFailure", 7 * DAY],
    ]).state;
    expect(exactly.status).toBe("suppressed");
    expect(exactly.suppressedUntil).toEqual(at(37 * DAY));
    const later = run([
      ["temporaryFailure", 0],
      ["temporaryFailure", 3 * DAY],
      ["temporaryFailure", 7 * DAY + 1],
    ]);
    expect(later.state.status).toBe("softBounced");
    expect(later.state.softBounces).toEqual([{ at: at(3 * DAY) }, { at: at(7 * DAY + 1) }]);
    expect(later.last).toEqual([{ type: "logBounce", recentSoftBounces: 2, consecutive: 3 }]);
  });

  it("30 days: suppressed 1 ms before the end, deliverable at the end, and the next transition lifts the entry", () => {
    const { state } = run([
      ["temporaryFailure", 0],
      ["temporaryFailure", DAY],
      ["temporaryFailure", 2 * DAY],
    ]);
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
    const { effects } = run([
      ["permanentFailure", 0],
      ["permanentFailure", HOUR],
      ["complaint", 2 * HOUR],
    ]);
    expect(effects[1]).toEqual([]);
    expect(effects[2]).toEqual([{ type: "alert", kind: "complaint" }]);
  });

  it("temporary failures on a permanently suppressed address are logged but change nothing else", () => {
    const { state, last } = run([
      ["unsubscribe", 0],
      ["temporaryFailure", HOUR],
    ]);
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
    const { state } = run([
      ["temporaryFailure", 0],
      ["temporaryFailure", DAY],
      ["temporaryFailure", 2 * DAY],
    ]);
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

describe("temporary failures are counted per message", () => {
  type Step = [DeliverabilityEvent["type"], number, string?];
  const MIN = 60_000;

  /** Like run(), with each event's message id. */
  function runMessages(steps: Step[], start: DeliverabilityState = initialState()) {
    let state = start;
    const effects: Effect[][] = [];
    for (const [type, ms, messageId] of steps) {
      const event = { type, ...(messageId ? { messageId } : {}) } as DeliverabilityEvent;
      const r = transition(state, event, DEFAULT_POLICY, at(ms));
      state = r.state;
      effects.push(r.effects);
    }
    return { state, effects, last: effects[effects.length - 1] };
  }

  // Mailgun's retry schedule for one message: attempt-no 1, 2, 3… of the same message id.
  const retries = (messageId: string, start: number, n: number): Step[] =>
    Array.from({ length: n }, (_, i) => ["temporaryFailure", start + [0, 10, 20, 35, 65, 125, 245, 485][i % 8] * MIN, messageId] as Step);

  const rows: Array<{
    row: string;
    steps: Step[];
    status: DeliverabilityState["status"];
    until?: Date | null;
    counted: number;
    consecutive: number;
    last: Effect[];
  }> = [
    {
      row: "3 retries of one message count once: soft-bounced, no 30-day suppression",
      steps: retries("m1", 0, 3),
      status: "softBounced",
      counted: 1,
      consecutive: 1,
      last: [{ type: "logBounce", recentSoftBounces: 1, consecutive: 1, retry: true }],
    },
    {
      row: "8 retries of one message over 8 hours count once",
      steps: retries("m1", 0, 8),
      status: "softBounced",
      counted: 1,
      consecutive: 1,
      last: [{ type: "logBounce", recentSoftBounces: 1, consecutive: 1, retry: true }],
    },
    {
      row: "3 different messages within 7 days → suppressed for 30 days",
      steps: [
        ["temporaryFailure", 0, "m1"],
        ["temporaryFailure", DAY, "m2"],
        ["temporaryFailure", 2 * DAY, "m3"],
      ],
      status: "suppressed",
      until: at(32 * DAY),
      counted: 3,
      consecutive: 3,
      last: [
        { type: "logBounce", recentSoftBounces: 3, consecutive: 3 },
        { type: "suppress", reason: "soft_bounce_limit", until: at(32 * DAY) },
        { type: "alert", kind: "soft_bounce_escalated" },
      ],
    },
    {
      row: "2 messages retried 3 times each are 2 soft bounces; a 3rd message escalates",
      steps: [...retries("m1", 0, 3), ...retries("m2", DAY, 3), ["temporaryFailure", 2 * DAY, "m3"]],
      status: "suppressed",
      until: at(32 * DAY),
      counted: 3,
      consecutive: 3,
      last: [
        { type: "logBounce", recentSoftBounces: 3, consecutive: 3 },
        { type: "suppress", reason: "soft_bounce_limit", until: at(32 * DAY) },
        { type: "alert", kind: "soft_bounce_escalated" },
      ],
    },
    {
      row: "4 retries of one message are not 4 in a row",
      steps: retries("m1", 0, 4),
      status: "softBounced",
      counted: 1,
      consecutive: 1,
      last: [{ type: "logBounce", recentSoftBounces: 1, consecutive: 1, retry: true }],
    },
    {
      row: "4 different messages in a row (over more than 7 days) → suppressed permanently",
      steps: [
        ["temporaryFailure", 0, "m1"],
        ["temporaryFailure", 8 * DAY, "m2"],
        ["temporaryFailure", 16 * DAY, "m3"],
        ["temporaryFailure", 24 * DAY, "m4"],
      ],
      status: "suppressed",
      until: null,
      counted: 1,
      consecutive: 4,
      last: [
        { type: "logBounce", recentSoftBounces: 1, consecutive: 4 },
        { type: "suppress", reason: "consecutive_temporary", until: null },
        { type: "alert", kind: "soft_bounce_escalated" },
      ],
    },
    {
      row: "a later delivery of the same message clears its failures",
      steps: [...retries("m1", 0, 3), ["delivered", HOUR, "m1"]],
      status: "deliverable",
      counted: 0,
      consecutive: 0,
      last: [],
    },
    {
      row: "a delivery of the same message that arrives after another message's failure still clears it; the other's cooldown stays",
      steps: [
        ["temporaryFailure", 0, "m1"],
        ["temporaryFailure", 2 * HOUR, "m2"],
        ["delivered", HOUR, "m1"],
      ],
      status: "softBounced",
      counted: 1,
      consecutive: 2,
      last: [],
    },
    {
      row: "a delivery of another message does not clear the window",
      steps: [
        ["temporaryFailure", 0, "m1"],
        ["temporaryFailure", DAY, "m2"],
        ["delivered", 2 * DAY, "m9"],
        ["temporaryFailure", 3 * DAY, "m3"],
      ],
      status: "suppressed",
      until: at(33 * DAY),
      counted: 3,
      consecutive: 1,
      last: [
        { type: "logBounce", recentSoftBounces: 3, consecutive: 1 },
        { type: "suppress", reason: "soft_bounce_limit", until: at(33 * DAY) },
        { type: "alert", kind: "soft_bounce_escalated" },
      ],
    },
    {
      row: "a delivery of a message the 30-day suppression rests on lifts it",
      steps: [
        ["temporaryFailure", 0, "m1"],
        ["temporaryFailure", DAY, "m2"],
        ["temporaryFailure", 2 * DAY, "m3"],
        ["delivered", 2 * DAY + HOUR, "m3"],
      ],
      status: "deliverable",
      counted: 2,
      consecutive: 0,
      last: [{ type: "liftSuppression", reason: "soft_bounce_limit" }],
    },
    {
      row: "a permanent suppression stays when one of its messages is delivered",
      steps: [
        ["temporaryFailure", 0, "m1"],
        ["temporaryFailure", 8 * DAY, "m2"],
        ["temporaryFailure", 16 * DAY, "m3"],
        ["temporaryFailure", 24 * DAY, "m4"],
        ["delivered", 24 * DAY + HOUR, "m4"],
      ],
      status: "suppressed",
      until: null,
      counted: 0,
      consecutive: 0,
      last: [],
    },
    {
      row: "failures without a message id are each counted, as before",
      steps: [
        ["temporaryFailure", 0],
        ["temporaryFailure", 10 * MIN],
        ["temporaryFailure", 20 * MIN],
      ],
      status: "suppressed",
      until: at(20 * MIN + 30 * DAY),
      counted: 3,
      consecutive: 3,
      last: [
        { type: "logBounce", recentSoftBounces: 3, consecutive: 3 },
        { type: "suppress", reason: "soft_bounce_limit", until: at(20 * MIN + 30 * DAY) },
        { type: "alert", kind: "soft_bounce_escalated" },
      ],
    },
  ];

  it.each(rows)("$row", ({ steps, status, until, counted, consecutive, last }) => {
    const r = runMessages(steps);
    expect(r.state.status).toBe(status);
    if (until !== undefined) expect(r.state.suppressedUntil ?? null).toEqual(until);
    expect(r.state.softBounces).toHaveLength(counted);
    expect(r.state.consecutiveTemporary).toBe(consecutive);
    expect(r.last).toEqual(last);
  });

  it("a retry restarts the cooldown from its own time", () => {
    const { state } = runMessages(retries("m1", 0, 5));
    const lastRetry = at(65 * MIN);
    expect(state.lastSoftBounceAt).toEqual(lastRetry);
    expect(checkSend(state, DEFAULT_POLICY, at(DAY))).toEqual({
      allowed: false,
      reason: "cooldown",
      retryAfter: new Date(lastRetry.getTime() + DAY),
    });
  });

  it("after a delivery of the same message, sends are accepted at once", () => {
    const { state } = runMessages([...retries("m1", 0, 3), ["delivered", HOUR, "m1"]]);
    expect(checkSend(state, DEFAULT_POLICY, at(HOUR))).toEqual({ allowed: true });
  });

  it("keeps message ids through the JSON round trip, and reads states written before them", () => {
    const { state } = runMessages([
      ["temporaryFailure", 0, "m1"],
      ["temporaryFailure", DAY],
    ]);
    expect(deliverabilityStateSchema.parse(JSON.parse(JSON.stringify(state)))).toEqual(state);
    const legacy = {
      status: "softBounced",
      softBounces: [at(0).toISOString(), at(DAY).toISOString()],
      consecutiveTemporary: 2,
      lastSoftBounceAt: at(DAY).toISOString(),
    };
    expect(deliverabilityStateSchema.parse(legacy).softBounces).toEqual([{ at: at(0) }, { at: at(DAY) }]);
  });

  it("machineEventFor passes the provider's message id for temporary failures and deliveries", () => {
    expect(machineEventFor({ kind: "failed", severity: "temporary", providerMessageId: "m1" })).toEqual({
      type: "temporaryFailure",
      messageId: "m1",
    });
    expect(machineEventFor({ kind: "delivered", providerMessageId: "m1" })).toEqual({ type: "delivered", messageId: "m1" });
    expect(machineEventFor({ kind: "failed", severity: "permanent", providerMessageId: "m1" })).toEqual({ type: "permanentFailure" });
  });
});

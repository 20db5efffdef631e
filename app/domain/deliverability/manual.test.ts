// The operator's transitions: manual suppression and manual lift, table-driven from every state
// the webhook events can leave a recipient in.
import {
  DEFAULT_POLICY,
  checkSend,
  deliverabilityStateSchema,
  initialState,
  transition,
  type DeliverabilityEvent,
  type DeliverabilityState,
  type Effect,
} from "./machine";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = new Date("2026-11-01T00:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/** The state after these events, each at its own time. */
function after(events: [DeliverabilityEvent, number][]): DeliverabilityState {
  return events.reduce((state, [event, ms]) => transition(state, event, DEFAULT_POLICY, at(ms)).state, initialState());
}

const temporary: DeliverabilityEvent = { type: "temporaryFailure" };

/** Every kind of state a recipient can be in, reached through the real events. */
const STATES: Record<string, DeliverabilityState> = {
  deliverable: initialState(),
  "soft-bounced, in cooldown": after([[temporary, 0]]),
  "soft-bounced twice in 7 days": after([
    [temporary, 0],
    [temporary, 2 * DAY],
  ]),
  "suppressed 30 days (3 soft bounces)": after([
    [temporary, 0],
    [temporary, DAY],
    [temporary, 2 * DAY],
  ]),
  "suppressed permanently (4 consecutive)": after([
    [temporary, 0],
    [temporary, 8 * DAY],
    [temporary, 16 * DAY],
    [temporary, 24 * DAY],
  ]),
  "suppressed permanently (hard bounce)": after([[{ type: "permanentFailure" }, 0]]),
  "suppressed permanently (complaint)": after([[{ type: "complaint" }, 0]]),
  "suppressed permanently (unsubscribe)": after([[{ type: "unsubscribe" }, 0]]),
  "suppressed by hand until a date": after([[{ type: "manualSuppress", reason: "manual", until: at(60 * DAY) }, 0]]),
};

describe("manual lift", () => {
  // Lifted a little after the last event of every state above.
  const liftAt = at(25 * DAY);

  it.each(Object.entries(STATES))("%s → deliverable, history cleared, entry removed, next send accepted", (_, from) => {
    const r = transition(from, { type: "manualLift" }, DEFAULT_POLICY, liftAt);
    expect(r.state).toEqual(initialState());
    expect(r.effects).toEqual([{ type: "clearSuppression" }]);
    expect(checkSend(r.state, DEFAULT_POLICY, liftAt)).toEqual({ allowed: true });
  });

  it("raises no alert and logs no bounce", () => {
    const r = transition(STATES["suppressed permanently (complaint)"], { type: "manualLift" }, DEFAULT_POLICY, liftAt);
    expect(r.effects.some((e) => e.type === "alert" || e.type === "logBounce")).toBe(false);
  });

  it("a soft bounce after the lift starts the policy from scratch (cooldown only, no escalation)", () => {
    const lifted = transition(STATES["soft-bounced twice in 7 days"], { type: "manualLift" }, DEFAULT_POLICY, at(3 * DAY)).state;
    const r = transition(lifted, temporary, DEFAULT_POLICY, at(4 * DAY));
    expect(r.state).toMatchObject({ status: "softBounced", consecutiveTemporary: 1, softBounces: [{ at: at(4 * DAY) }] });
    expect(r.effects).toEqual([{ type: "logBounce", recentSoftBounces: 1, consecutive: 1 }]);
  });

  it("the lifted state survives the JSON round trip", () => {
    const lifted = transition(STATES["suppressed 30 days (3 soft bounces)"], { type: "manualLift" }, DEFAULT_POLICY, liftAt).state;
    expect(deliverabilityStateSchema.parse(JSON.parse(JSON.stringify(lifted)))).toEqual(lifted);
  });
});

describe("manual suppression", () => {
  const now = at(3 * DAY);
  const in10Days = at(13 * DAY);
  const in90Days = at(93 * DAY);
  const rows: {
    row: string;
    from: DeliverabilityState;
    event: Extract<DeliverabilityEvent, { type: "manualSuppress" }>;
    state: Partial<DeliverabilityState>;
    effects: Effect[];
  }[] = [
    {
      row: "deliverable + manual, permanent → suppressed permanently",
      from: STATES.deliverable,
      event: { type: "manualSuppress", reason: "manual", until: null },
      state: { status: "suppressed", suppressedUntil: null, reason: "manual" },
      effects: [{ type: "suppress", reason: "manual", until: null }],
    },
    {
      row: "deliverable + unsubscribe until a date → suppressed until then",
      from: STATES.deliverable,
      event: { type: "manualSuppress", reason: "unsubscribe", until: in10Days },
      state: { status: "suppressed", suppressedUntil: in10Days, reason: "unsubscribe" },
      effects: [{ type: "suppress", reason: "unsubscribe", until: in10Days }],
    },
    {
      row: "soft-bounced + manual → suppressed, the soft-bounce history kept",
      from: STATES["soft-bounced twice in 7 days"],
      event: { type: "manualSuppress", reason: "manual", until: null },
      state: { status: "suppressed", suppressedUntil: null, reason: "manual", consecutiveTemporary: 2 },
      effects: [{ type: "suppress", reason: "manual", until: null }],
    },
    {
      row: "suppressed 30 days + a later date → extended",
      from: STATES["suppressed 30 days (3 soft bounces)"],
      event: { type: "manualSuppress", reason: "manual", until: in90Days },
      state: { status: "suppressed", suppressedUntil: in90Days, reason: "manual" },
      effects: [{ type: "suppress", reason: "manual", until: in90Days }],
    },
    {
      row: "suppressed 30 days + permanent → permanent",
      from: STATES["suppressed 30 days (3 soft bounces)"],
      event: { type: "manualSuppress", reason: "manual", until: null },
      state: { status: "suppressed", suppressedUntil: null, reason: "manual" },
      effects: [{ type: "suppress", reason: "manual", until: null }],
    },
    {
      row: "suppressed 30 days + an earlier date → unchanged (never shortened; lift instead)",
      from: STATES["suppressed 30 days (3 soft bounces)"],
      event: { type: "manualSuppress", reason: "manual", until: in10Days },
      state: { status: "suppressed", suppressedUntil: at(32 * DAY), reason: "soft_bounce_limit" },
      effects: [],
    },
    {
      row: "suppressed permanently (hard bounce) + manual → unchanged, first reason kept",
      from: STATES["suppressed permanently (hard bounce)"],
      event: { type: "manualSuppress", reason: "manual", until: null },
      state: { status: "suppressed", suppressedUntil: null, reason: "hard_bounce" },
      effects: [],
    },
    {
      row: "deliverable + a date already past → unchanged",
      from: STATES.deliverable,
      event: { type: "manualSuppress", reason: "manual", until: at(2 * DAY) },
      state: { status: "deliverable" },
      effects: [],
    },
  ];

  it.each(rows)("$row", ({ from, event, state, effects }) => {
    const r = transition(from, event, DEFAULT_POLICY, now);
    expect(r.state).toMatchObject(state);
    expect(r.effects).toEqual(effects);
  });

  it("a manual suppression refuses sends (with retry_after when timed) and no alert is raised", () => {
    const permanent = transition(initialState(), { type: "manualSuppress", reason: "manual", until: null }, DEFAULT_POLICY, now);
    expect(checkSend(permanent.state, DEFAULT_POLICY, at(400 * DAY))).toEqual({
      allowed: false,
      reason: "suppressed",
      suppression: "manual",
    });
    const timed = transition(initialState(), { type: "manualSuppress", reason: "unsubscribe", until: in10Days }, DEFAULT_POLICY, now);
    expect(checkSend(timed.state, DEFAULT_POLICY, now)).toEqual({
      allowed: false,
      reason: "suppressed",
      suppression: "unsubscribe",
      retryAfter: in10Days,
    });
    expect(checkSend(timed.state, DEFAULT_POLICY, in10Days)).toEqual({ allowed: true });
    expect([...permanent.effects, ...timed.effects].some((e) => e.type === "alert")).toBe(false);
  });

  it("a lapsed timed suppression is lifted before the new one is applied", () => {
    const r = transition(
      STATES["suppressed 30 days (3 soft bounces)"],
      { type: "manualSuppress", reason: "manual", until: null },
      DEFAULT_POLICY,
      at(40 * DAY),
    );
    expect(r.effects).toEqual([
      { type: "liftSuppression", reason: "soft_bounce_limit" },
      { type: "suppress", reason: "manual", until: null },
    ]);
  });
});

// Brief → Understood → Copy → Generate → Preview: where the user is in the builder.
export const BUILDER_STEPS = ["Brief", "Check", "Copy", "Generate", "Preview"] as const;
export type BuilderStep = (typeof BUILDER_STEPS)[number];

export function Stepper({ current, skipped = [] }: { current: BuilderStep; skipped?: BuilderStep[] }) {
  const at = BUILDER_STEPS.indexOf(current);
  return (
    <nav aria-label="Builder steps" className="bld-stepper">
      <ol>
        {BUILDER_STEPS.map((step, i) => {
          const state = i < at ? (skipped.includes(step) ? "skipped" : "done") : i === at ? "current" : "todo";
          return (
            <li key={step} className={`bld-step bld-step-${state}`} aria-current={i === at ? "step" : undefined}>
              <span className="bld-step-dot" aria-hidden="true">
                {state === "done" ? "✓" : i + 1}
              </span>
              <span className="bld-step-label">
                {step}
                {state === "skipped" ? <span className="bld-visually-hidden"> (skipped)</span> : null}
                {state === "done" ? <span className="bld-visually-hidden"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

// Small pieces the panels share: the post form (CSRF token, pending state) and result notices.
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { CsrfField } from "~/components/csrf-field";
import { RESULT_ANCHOR } from "./panel-meta";

/** A page form posting to one of the version's action routes; `busy` while it is in flight. */
export function ActionForm({
  action,
  children,
  className,
  label,
}: {
  action: string;
  children: (busy: boolean) => ReactNode;
  className?: string;
  label?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className={className} aria-label={label} aria-busy={busy || undefined}>
      <CsrfField />
      {children(busy)}
    </Form>
  );
}

/**
 * A result or message. `focus`: the outcome of what the person just did (send, refine, save), so
 * it takes focus when it appears (tabIndex -1: focusable by script, not a tab stop) and carries
 * the id the action's redirect URL points at (#vp-result), which scrolls to it without JavaScript.
 */
export function Notice({
  kind,
  children,
  testId,
  focus = false,
}: {
  kind: "ok" | "error" | "info";
  children: ReactNode;
  testId?: string;
  focus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Each navigation has its own key: the same notice shown again after another send moves focus again.
  const { key } = useLocation();
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus, key]);
  return (
    <div
      ref={ref}
      id={focus ? RESULT_ANCHOR : undefined}
      tabIndex={focus ? -1 : undefined}
      className={`vp-notice vp-notice-${kind}`}
      role={kind === "error" ? "alert" : "status"}
      aria-live={kind === "error" ? "assertive" : "polite"}
      data-testid={testId}
    >
      <span className="vp-notice-icon" aria-hidden="true">
        {kind === "ok" ? "✓" : kind === "error" ? "!" : "i"}
      </span>
      <div>{children}</div>
    </div>
  );
}

/** A list, or a muted line when it is empty. */
export function ListOrNone({ items, none, testId }: { items: string[]; none: string; testId?: string }) {
  if (!items.length)
    return (
      <p className="muted vp-none" data-testid={testId}>
        {none}
      </p>
    );
  return (
    <ul className="vp-list" data-testid={testId}>
      {items.map((t, i) => (
        <li key={i}>{t}</li>
      ))}
    </ul>
  );
}

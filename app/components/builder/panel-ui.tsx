// Small pieces the panels share: the post form (CSRF token, pending state) and result notices.
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfField } from "~/components/csrf-field";

/** A page form posting to one of the version's action routes; `busy` while it is in flight. */
export function ActionForm({ action, children, className, label }: { action: string; children: (busy: boolean) => ReactNode; className?: string; label?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Form method="post" action={action} className={className} aria-label={label} aria-busy={busy || undefined}>
      <CsrfField />
      {children(busy)}
    </Form>
  );
}

export function Notice({ kind, children, testId }: { kind: "ok" | "error" | "info"; children: ReactNode; testId?: string }) {
  return (
    <div className={`vp-notice vp-notice-${kind}`} role={kind === "error" ? "alert" : "status"} data-testid={testId}>
      <span className="vp-notice-icon" aria-hidden="true">{kind === "ok" ? "✓" : kind === "error" ? "!" : "i"}</span>
      <div>{children}</div>
    </div>
  );
}

/** A list, or a muted line when it is empty. */
export function ListOrNone({ items, none, testId }: { items: string[]; none: string; testId?: string }) {
  if (!items.length) return <p className="muted vp-none" data-testid={testId}>{none}</p>;
  return (
    <ul className="vp-list" data-testid={testId}>
      {items.map((t, i) => (
        <li key={i}>{t}</li>
      ))}
    </ul>
  );
}

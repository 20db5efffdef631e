// The deliverability pages' state-changing forms: add a suppression, lift one (confirmed first),
// acknowledge alerts. Every one carries the session's CSRF token and works without JavaScript.
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { CsrfField } from "~/components/csrf-field";
import { MANUAL_REASON_OPTIONS } from "./labels";

export type FormErrors = Record<string, string> | undefined;
export type FormValues = Record<string, string> | undefined;

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="adm-field-error" id={id}>
      {error}
    </p>
  ) : null;
}

/**
 * Suppress an address by hand. With `fixedEmail` (the recipient page) the address is not asked
 * for. `key` it by the last success so the fields clear after one.
 */
export function SuppressForm({
  fixedEmail,
  errors,
  values,
  today,
  idPrefix = "sup",
}: {
  fixedEmail?: string;
  errors?: FormErrors;
  values?: FormValues;
  /** YYYY-MM-DD, the earliest end date the picker offers (tomorrow, UTC). */
  today: string;
  idPrefix?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "suppress";
  const id = (name: string) => `${idPrefix}-${name}`;
  const describe = (name: string, hint?: boolean) =>
    [hint ? id(`${name}-hint`) : null, errors?.[name] ? id(`${name}-error`) : null].filter(Boolean).join(" ") || undefined;
  return (
    <Form method="post" className="adm-form" aria-label={fixedEmail ? `Suppress ${fixedEmail}` : "Add a suppression"}>
      <CsrfField />
      <input type="hidden" name="intent" value="suppress" />
      {errors?.form ? (
        <p className="adm-notice adm-notice-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className={`adm-form-grid${fixedEmail ? " adm-form-grid-fixed" : ""}`}>
        {fixedEmail ? (
          <input type="hidden" name="email" value={fixedEmail} />
        ) : (
          <div className="adm-field adm-field-wide">
            <label htmlFor={id("email")}>Email address</label>
            <input
              id={id("email")}
              name="email"
              type="email"
              required
              autoComplete="off"
              placeholder="name@example.com"
              defaultValue={values?.email}
              aria-invalid={errors?.email ? true : undefined}
              aria-describedby={describe("email")}
            />
            <FieldError id={id("email-error")} error={errors?.email} />
          </div>
        )}
        <div className="adm-field">
          <label htmlFor={id("reason")}>Reason</label>
          <select
            id={id("reason")}
            name="reason"
            defaultValue={values?.reason ?? "manual"}
            aria-invalid={errors?.reason ? true : undefined}
            aria-describedby={describe("reason", true)}
          >
            {MANUAL_REASON_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </select>
          <p className="adm-hint" id={id("reason-hint")}>
            Manual: your decision not to contact. Unsubscribed: the person asked you.
          </p>
          <FieldError id={id("reason-error")} error={errors?.reason} />
        </div>
        <div className="adm-field">
          <label htmlFor={id("until")}>
            Until <span className="adm-optional">(optional)</span>
          </label>
          <input
            id={id("until")}
            name="until"
            type="date"
            min={today}
            defaultValue={values?.until}
            aria-invalid={errors?.until ? true : undefined}
            aria-describedby={describe("until", true)}
          />
          <p className="adm-hint" id={id("until-hint")}>
            Leave empty for a permanent suppression; sends resume on this day (UTC).
          </p>
          <FieldError id={id("until-error")} error={errors?.until} />
        </div>
        <div className="adm-field adm-field-submit">
          <button type="submit" className="adm-btn adm-btn-primary" disabled={busy}>
            {busy ? "Suppressing…" : fixedEmail ? "Suppress this address" : "Suppress address"}
          </button>
        </div>
      </div>
    </Form>
  );
}

export interface LiftTarget {
  email: string;
  /** How the suppression reads, e.g. "Hard bounce · permanent". */
  summary: string;
}

/** The confirmation page for a lift: where the button goes without JavaScript. */
export function liftConfirmUrl(email: string, returnTo: string): string {
  return `/admin/deliverability/lift?${new URLSearchParams({ email, returnTo }).toString()}`;
}

/** What a lift does, said the same way on the confirmation page and in the dialog. */
export function LiftConsequences() {
  return (
    <ul className="adm-consequences">
      <li>The send endpoint accepts this address again, starting now.</li>
      <li>Its soft-bounce count and cooldown start from zero. The bounce log keeps the history.</li>
      <li>If the address bounces or complains again, it is suppressed again automatically.</li>
    </ul>
  );
}

/** The confirmed lift form (confirm=yes): used by the dialog and by the confirmation page. */
export function LiftForm({
  email,
  returnTo,
  onCancel,
  cancelTo,
}: {
  email: string;
  returnTo: string;
  onCancel?: () => void;
  cancelTo?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "lift";
  return (
    // The query keeps the confirmation page's context should the lift fail and the page answer.
    <Form method="post" action={liftConfirmUrl(email, returnTo)} className="adm-confirm-form">
      <CsrfField />
      <input type="hidden" name="intent" value="lift" />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="confirm" value="yes" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="adm-actions">
        {onCancel ? (
          // The safe choice has the focus when the dialog opens.
          <button type="button" className="adm-btn adm-btn-secondary" onClick={onCancel} autoFocus>
            Cancel
          </button>
        ) : (
          <Link to={cancelTo ?? returnTo} className="adm-btn adm-btn-secondary">
            Cancel
          </Link>
        )}
        <button type="submit" className="adm-btn adm-btn-danger" disabled={busy}>
          {busy ? "Lifting…" : "Lift suppression"}
        </button>
      </div>
    </Form>
  );
}

/**
 * One confirmation dialog for a page. `open(target)` shows it; the trigger links are real links
 * to the confirmation page, so without JavaScript (or with a modifier key) they simply go there.
 */
export function useLiftDialog(returnTo: string): { open: (target: LiftTarget) => void; dialog: ReactNode } {
  const ref = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<LiftTarget | null>(null);
  const navigation = useNavigation();
  const wasSubmitting = useRef(false);

  const open = useCallback((t: LiftTarget) => {
    setTarget(t);
    // Opened after React has rendered the target into it.
    requestAnimationFrame(() => ref.current?.showModal());
  }, []);
  const close = useCallback(() => ref.current?.close(), []);

  // Closes once the lift's navigation (post, redirect, reload) has finished.
  useEffect(() => {
    if (navigation.state !== "idle" && navigation.formData?.get("intent") === "lift") wasSubmitting.current = true;
    if (navigation.state === "idle" && wasSubmitting.current) {
      wasSubmitting.current = false;
      close();
    }
  }, [navigation.state, navigation.formData, close]);

  const dialog = (
    <dialog
      ref={ref}
      className="adm-dialog"
      aria-labelledby="lift-dialog-title"
      aria-describedby="lift-dialog-desc"
      data-testid="lift-dialog"
    >
      {target ? (
        <>
          <h2 id="lift-dialog-title">Lift the suppression of {target.email}?</h2>
          <p className="adm-dialog-summary" id="lift-dialog-desc">
            Currently: {target.summary}
          </p>
          <LiftConsequences />
          <LiftForm email={target.email} returnTo={returnTo} onCancel={close} />
        </>
      ) : null}
    </dialog>
  );
  return { open, dialog };
}

/** "Lift…": a link to the confirmation page that opens the dialog instead when it can. */
export function LiftTrigger({
  target,
  returnTo,
  open,
  children,
  className,
}: {
  target: LiftTarget;
  returnTo: string;
  open: (t: LiftTarget) => void;
  children?: ReactNode;
  className?: string;
}) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (typeof HTMLDialogElement === "undefined") return;
    e.preventDefault();
    open(target);
  };
  return (
    <Link
      to={liftConfirmUrl(target.email, returnTo)}
      onClick={onClick}
      className={className ?? "adm-btn adm-btn-small adm-btn-secondary"}
      aria-label={`Lift the suppression of ${target.email}`}
    >
      {children ?? "Lift…"}
    </Link>
  );
}

/**
 * Acknowledge one alert in place (a fetcher: the page does not navigate). Without JavaScript it is
 * a plain post to the alerts page, which answers with the page and a notice.
 */
export function AckButton({ id, label }: { id: number; label: string }) {
  const fetcher = useFetcher<{ notice?: string; error?: string }>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/admin/deliverability/alerts" className="adm-inline-form">
      <CsrfField />
      <input type="hidden" name="intent" value="ack" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="adm-btn adm-btn-small adm-btn-secondary" disabled={busy} aria-label={`Acknowledge: ${label}`}>
        {busy ? "Acknowledging…" : "Acknowledge"}
      </button>
      {fetcher.data?.error ? (
        <span className="adm-field-error" role="alert">
          {fetcher.data.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

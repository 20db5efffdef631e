// Admin → Users → one user: sign-in access (a temporary password, lifting a lockout), the credit
// balance and the ledger that explains it (starting credits, grants, generation charges,
// refunds), newest first.
import { getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, type SubmissionResult } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, VALIDATE_WHEN, focusField, pageFormProps } from "~/components/page-form";
import { formatNumber, formatSigned, plural } from "~/components/admin/format";
import { ledgerKindLabel } from "~/components/admin/labels";
import {
  EmptyState,
  Notice,
  PageHeader,
  Pagination,
  Pill,
  Section,
  Stat,
  StatGrid,
  TableWrap,
  Time,
  adminLinks,
  brandTitle,
} from "~/components/admin/ui";
import { getApp } from "~/composition/app.server";
import { pageParam } from "~/domain/requests/admin-forms";
import { AdminUserFormSchema, MIN_PASSWORD_LENGTH } from "~/domain/requests/users";
import { parsePageForm } from "~/domain/requests/page-form";
import { inWords } from "~/services/auth.server";
import { requirePageUser } from "~/http/session.server";
import { userLedger } from "~/services/user-ledger.server";
import { setTemporaryPassword, signInLock, unlockAccount } from "~/services/users.server";

export const links = adminLinks;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: brandTitle(matches, data ? `${data.user.email} · Users` : "User") },
];

const PAGE_SIZE = 50;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const page = pageParam.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const r = await userLedger(app, params.id ?? "", { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  if (!r.ok) throw new Response(r.error, { status: r.status });
  const lock = await signInLock(app, r.value.user.email);
  return { now: new Date(), page, lock: { ...lock, liftsIn: inWords(lock.retryAfterSeconds) }, ...r.value };
}

type AccessResult = {
  /** The temporary-password form's submission, for its field's error. */
  temporary: SubmissionResult | null;
  notice: string | null;
  error: string | null;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const me = await requirePageUser(request, { admin: true });
  const app = await getApp();
  const none: AccessResult = { temporary: null, notice: null, error: null };
  const form = await request.formData();
  const submission = parsePageForm(form, { schema: AdminUserFormSchema });
  // The password is not sent back: the admin types it again, reading it as they go.
  const hide = { hideFields: ["password"] };
  if (submission.status !== "success") {
    return form.get("intent") === "temporary-password"
      ? data({ ...none, temporary: submission.reply(hide) }, { status: 400 })
      : data({ ...none, error: "Choose an action: set a temporary password or unlock." }, { status: 400 });
  }
  const ref = { id: params.id ?? "" };
  if (submission.value.intent === "unlock") {
    const r = await unlockAccount(app, ref, me);
    if (!r.ok) return data({ ...none, error: r.error }, { status: r.status });
    return {
      ...none,
      notice: r.value.wasLocked
        ? `${r.value.user.email} is unlocked and can sign in again now.`
        : `${r.value.user.email} was not locked; their failed sign-ins are cleared.`,
    };
  }
  const r = await setTemporaryPassword(app, ref, submission.value.password, me);
  if (!r.ok) {
    return r.status === 400
      ? data({ ...none, temporary: submission.reply({ ...hide, fieldErrors: { password: [`${r.error}.`] } }) }, { status: 400 })
      : data({ ...none, error: r.error }, { status: r.status });
  }
  const ended = r.value.sessionsEnded;
  return {
    ...none,
    temporary: submission.reply({ resetForm: true }),
    notice: `Temporary password set for ${r.value.user.email}. ${ended ? `They were signed out of ${ended === 1 ? "1 session" : `${ended} sessions`}. ` : ""}Give it to them in person or by phone, and ask them to change it on their Account page after signing in.`,
  };
}

/** Account access: the lockout state, a temporary password and unlock, each with its result in view. */
function AccessSection({
  email,
  userId,
  lock,
}: {
  email: string;
  userId: string;
  lock: { locked: boolean; failures: number; liftsIn: string };
}) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? String(navigation.formData?.get("intent") ?? "") : "";
  const resultRef = useRef<HTMLDivElement>(null);
  const [form, fields] = useForm({
    id: "temp",
    lastResult: result?.temporary,
    constraint: getZodConstraint(AdminUserFormSchema),
    ...VALIDATE_WHEN,
    onValidate: ({ formData }) => parsePageForm(formData, { schema: AdminUserFormSchema }),
  });
  const passwordWrong = Boolean(result?.temporary?.error?.password?.length);
  // After the server answers: to the password it refused, or to the result.
  useEffect(() => {
    if (!result) return;
    if (!(passwordWrong && focusField(form.id, "password"))) resultRef.current?.focus();
  }, [result, passwordWrong, form.id]);
  return (
    <Section
      id="access"
      title="Sign-in access"
      description="For someone who forgot their password or is locked out after too many failed sign-ins. Both actions are recorded in the server log."
    >
      <div ref={resultRef} tabIndex={-1} id="access-result" className="adm-focus-target" aria-live="polite">
        {result?.notice || result?.error ? <Notice notice={result.notice ?? undefined} error={result.error ?? undefined} /> : null}
      </div>
      <div className="adm-access-grid">
        <div className="adm-access-card" data-testid="lock-state">
          <h3>Lockout</h3>
          {lock.locked ? (
            <p>
              <Pill tone="danger">Locked</Pill> {plural(lock.failures, "failed sign-in")} in a row. It lifts by itself in {lock.liftsIn}.
            </p>
          ) : (
            <p>
              <Pill tone="ok">Not locked</Pill>{" "}
              {lock.failures ? `${plural(lock.failures, "recent failed sign-in")}.` : "No recent failed sign-ins."}
            </p>
          )}
          <Form method="post" action={`/admin/users/${encodeURIComponent(userId)}#access-result`}>
            <CsrfField />
            <input type="hidden" name="intent" value="unlock" />
            <button type="submit" className="adm-btn adm-btn-secondary" disabled={busy === "unlock"} data-testid="unlock">
              {busy === "unlock" ? "Unlocking…" : lock.locked ? "Unlock now" : "Clear failed sign-ins"}
            </button>
          </Form>
        </div>
        <div className="adm-access-card">
          <h3>Temporary password</h3>
          <Form
            method="post"
            action={`/admin/users/${encodeURIComponent(userId)}#access-result`}
            className="adm-access-form"
            {...pageFormProps(form)}
          >
            <CsrfField />
            <input type="hidden" name="intent" value="temporary-password" />
            <div className="adm-field">
              <label htmlFor={fields.password.id}>New password for {email}</label>
              <input
                {...getInputProps(fields.password, { type: "text", ariaDescribedBy: fields.password.descriptionId })}
                autoComplete="off"
                spellCheck={false}
              />
              <p className="adm-field-hint" id={fields.password.descriptionId}>
                At least {MIN_PASSWORD_LENGTH} characters. Their other sessions end and any lockout is lifted.
              </p>
              <FieldError field={fields.password} className="adm-field-error" />
            </div>
            <button type="submit" className="adm-btn adm-btn-primary" disabled={busy === "temporary-password"}>
              {busy === "temporary-password" ? "Setting…" : "Set temporary password"}
            </button>
          </Form>
        </div>
      </div>
    </Section>
  );
}

/**
 * A ledger reference in words: "admin:<email>" is who granted; a generation's id is not shown as
 * text (it stays in the cell's tooltip for matching with the server log).
 */
function referenceText(kind: string, reference: string | null): string {
  if (!reference) return kind === "initial" ? "Account created" : "–";
  if (reference.startsWith("admin:")) return `By ${reference.slice("admin:".length)}`;
  if (reference === "cli") return "From the command line";
  if (reference.startsWith("free-regen:")) return "Free regeneration";
  return kind === "refund" ? "A failed generation" : "A generation";
}

export default function UserLedgerPage() {
  const { now, page, user, balance, rows, total, sums, lock } = useLoaderData<typeof loader>();
  const location = useLocation();
  const granted = sums.initial + sums.grant;
  return (
    <div className="adm">
      <PageHeader
        crumbs={[{ to: "/admin", label: "Admin · Users" }]}
        title={<span className="adm-break">{user.email}</span>}
        badge={<Pill tone={user.isAdmin ? "info" : "neutral"}>{user.isAdmin ? "Admin" : "User"}</Pill>}
        lede={
          <>
            Sign-in access, credits for AI generation and every change to them. To grant credits, use the{" "}
            <Link to="/admin">users table on the Admin page</Link>.
          </>
        }
      />
      <AccessSection email={user.email} userId={user.id} lock={lock} />
      <StatGrid label="Credits at a glance">
        <Stat
          label="Balance"
          value={formatNumber(balance)}
          hint="Credits available now"
          tone={balance > 0 ? "ok" : "danger"}
          testId="stat-balance"
        />
        <Stat
          label="Received"
          value={formatNumber(granted)}
          hint={`${formatNumber(sums.initial)} to start, ${formatNumber(sums.grant)} granted`}
          testId="stat-granted"
        />
        <Stat
          label="Spent on generations"
          value={formatNumber(-sums.charge)}
          hint={sums.refund ? `${formatNumber(sums.refund)} refunded for failed ones` : "Nothing refunded"}
          testId="stat-spent"
        />
      </StatGrid>
      <Section id="ledger" title="Credit ledger" description="Newest first. Each row is one change and the balance right after it.">
        {rows.length ? (
          <>
            <p className="adm-result-count">{plural(total, "entry", "entries")}</p>
            <TableWrap label="Credit ledger" testId="ledger">
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col" className="adm-num">
                      Change
                    </th>
                    <th scope="col" className="adm-num">
                      Balance after
                    </th>
                    <th scope="col">Kind</th>
                    <th scope="col">Reference</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => {
                    const ref = referenceText(r.kind, r.reference);
                    return (
                      <tr key={r.id} data-testid={`ledger-${r.id}`}>
                        <td>
                          <Time value={r.createdAt} now={now} />
                        </td>
                        <td className={`adm-num adm-delta ${r.delta > 0 ? "adm-delta-up" : r.delta < 0 ? "adm-delta-down" : ""}`}>
                          {formatSigned(r.delta)}
                        </td>
                        <td className="adm-num">{formatNumber(r.balanceAfter)}</td>
                        <td>
                          <Pill label={ledgerKindLabel(r.kind)} />
                        </td>
                        <td className="adm-clip" title={r.reference ?? undefined}>
                          {ref}
                          {r.note ? <div data-testid="ledger-note">{r.note}</div> : null}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableWrap>
            <Pagination page={page} pageSize={PAGE_SIZE} total={total} search={location.search.replace(/^\?/, "")} label="Ledger pages" />
          </>
        ) : (
          <EmptyState title="No ledger entries" action={<Link to="/admin">Grant credits on the Admin page</Link>}>
            This account has never had credits. Granting some adds the first entry.
          </EmptyState>
        )}
      </Section>
    </div>
  );
}

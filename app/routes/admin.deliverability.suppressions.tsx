// Admin → Deliverability → Suppressions: search the entries in force, add one by hand, lift one
// (after a confirmation: the dialog, or the confirmation page without JavaScript).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { LiftTrigger, SuppressForm, useLiftDialog } from "~/components/admin/deliverability-forms";
import { formatDate, formatRelative, plural } from "~/components/admin/format";
import { SUPPRESSION_FILTER_REASONS, suppressionReasonLabel } from "~/components/admin/labels";
import { suppressFromForm } from "~/http/suppress-form.server";
import { sourceLabel, suppressionSummary } from "~/components/admin/suppression-bits";
import {
  EmptyState,
  FilterActions,
  Notice,
  Pagination,
  Pill,
  Section,
  TableWrap,
  Time,
  adminLinks,
  brandTitle,
} from "~/components/admin/ui";
import { getApp } from "~/composition/app.server";
import { suppressionsQuerySchema } from "~/domain/requests/admin-forms";
import { requirePageUser } from "~/http/session.server";
import { suppressionList } from "~/services/deliverability.server";

export const links = adminLinks;

export const meta: MetaFunction = ({ matches }) => [{ title: brandTitle(matches, "Suppressions · Deliverability") }];

const PAGE_SIZE = 25;

const Query = suppressionsQuerySchema([...SUPPRESSION_FILTER_REASONS]);

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const url = new URL(request.url);
  const query = Query.parse(Object.fromEntries(url.searchParams));
  const now = new Date();
  const list = await suppressionList(
    app,
    { q: query.q, reason: query.reason, duration: query.duration },
    { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE },
    now,
  );
  const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  return { now, ...list, query, tomorrow, filtered: Boolean(query.q || query.reason || query.duration) };
}

type ActionData =
  { ok: true; notice: string; email: string } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs): Promise<ActionData> {
  const me = await requirePageUser(request, { admin: true });
  const app = await getApp();
  const r = await suppressFromForm(app, request, me.email);
  if (!r.ok) return r;
  const { email, changed, entry } = r;
  if (!changed) {
    return {
      ok: true,
      email,
      notice: `${email} was already suppressed (${entry ? suppressionSummary(entry) : "in force"}); nothing changed. A suppression is never shortened here: lift it first.`,
    };
  }
  const how = r.until ? `until ${formatDate(r.until)}` : "permanently";
  return { ok: true, email, notice: `${email} is suppressed ${how}. The send endpoint refuses it with "Recipient suppressed".` };
}

export default function Suppressions() {
  const { now, rows, total, query, tomorrow, filtered } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  const navigation = useNavigation();
  const kept = new URLSearchParams(location.search);
  kept.delete("lifted");
  const returnTo = kept.toString() ? `${location.pathname}?${kept.toString()}` : location.pathname;
  const { open, dialog } = useLiftDialog(returnTo);
  const searching =
    navigation.state === "loading" && navigation.location?.pathname === location.pathname && navigation.formMethod === undefined;
  return (
    <>
      {query.lifted ? <Notice notice={`Lifted the suppression of ${query.lifted}. The send endpoint accepts it again.`} /> : null}
      {result?.ok ? <Notice notice={result.notice} /> : null}

      <Section
        id="add"
        title="Add a suppression"
        description="Stop all sends to an address: at a recipient's request, or while you investigate a problem."
      >
        <div className="adm-card">
          <SuppressForm
            key={result?.ok ? `done-${result.email}` : "form"}
            errors={result && !result.ok ? result.errors : undefined}
            values={result && !result.ok ? result.values : undefined}
            today={tomorrow}
          />
        </div>
      </Section>

      <Section
        id="list"
        title="Suppressed addresses"
        description="Entries in force now. The send endpoint refuses these addresses with 400 Recipient suppressed."
      >
        <Form method="get" className="adm-filters" role="search" aria-label="Filter suppressions">
          <div className="adm-field adm-field-grow">
            <label htmlFor="f-q">Address contains</label>
            <input id="f-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="e.g. @example.com" />
          </div>
          <div className="adm-field">
            <label htmlFor="f-reason">Reason</label>
            <select id="f-reason" name="reason" defaultValue={query.reason ?? ""}>
              <option value="">All reasons</option>
              {SUPPRESSION_FILTER_REASONS.map((r) => (
                <option key={r} value={r}>
                  {suppressionReasonLabel(r).text}
                </option>
              ))}
            </select>
          </div>
          <div className="adm-field">
            <label htmlFor="f-duration">Until</label>
            <select id="f-duration" name="duration" defaultValue={query.duration ?? ""}>
              <option value="">Permanent or a date</option>
              <option value="permanent">Permanent</option>
              <option value="timed">Until a date</option>
            </select>
          </div>
          <FilterActions clearTo="/admin/deliverability/suppressions" filtered={filtered} busy={searching} />
        </Form>

        {rows.length ? (
          <>
            <p className="adm-result-count" aria-live="polite">
              {plural(
                total,
                filtered ? "suppression matches" : "address is suppressed",
                filtered ? "suppressions match" : "addresses are suppressed",
              )}
            </p>
            <TableWrap label="Suppressed addresses" testId="suppressions">
              <table className="adm-table adm-table-stack">
                <thead>
                  <tr>
                    <th scope="col">Recipient</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Until</th>
                    <th scope="col">Source</th>
                    <th scope="col">Since</th>
                    <th scope="col">
                      <span className="adm-sr">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((s) => (
                    <tr key={s.email} data-testid={`suppression-${s.email}`}>
                      <td data-label="Recipient" className="adm-stack-main">
                        <Link to={`/admin/deliverability/recipient?email=${encodeURIComponent(s.email)}`} className="adm-strong-link">
                          {s.email}
                        </Link>
                      </td>
                      <td data-label="Reason">
                        <Pill label={suppressionReasonLabel(s.reason)} />
                      </td>
                      <td data-label="Until">
                        {s.until === null ? (
                          <span className="adm-permanent">Permanent</span>
                        ) : (
                          <span className="adm-stack">
                            <span>{formatDate(s.until)}</span>
                            <span className="adm-muted adm-small">{formatRelative(s.until, now)}</span>
                          </span>
                        )}
                      </td>
                      <td data-label="Source" className="adm-muted adm-clip" title={s.source ?? undefined}>
                        {sourceLabel(s.source)}
                      </td>
                      <td data-label="Since">
                        <Time value={s.createdAt} now={now} />
                      </td>
                      <td className="adm-cell-actions adm-stack-side">
                        <LiftTrigger target={{ email: s.email, summary: suppressionSummary(s) }} returnTo={returnTo} open={open} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            <Pagination page={query.page} pageSize={PAGE_SIZE} total={total} search={kept.toString()} label="Suppression pages" />
          </>
        ) : filtered ? (
          <EmptyState
            title="No suppression matches these filters"
            action={<Link to="/admin/deliverability/suppressions">Clear the filters</Link>}
          >
            Try part of the address only, such as the domain.
          </EmptyState>
        ) : (
          <EmptyState title="No address is suppressed">
            Every address can receive email. Hard bounces, complaints and unsubscribes add entries here automatically; you can add one with
            the form above.
          </EmptyState>
        )}
      </Section>
      {dialog}
    </>
  );
}

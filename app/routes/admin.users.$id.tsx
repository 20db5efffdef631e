// Admin → Users → one user: the credit balance and the ledger that explains it (starting
// credits, grants, generation charges, refunds), newest first.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { formatNumber, formatSigned, plural } from "~/components/admin/format";
import { ledgerKindLabel } from "~/components/admin/labels";
import { EmptyState, PageHeader, Pagination, Pill, Section, Stat, StatGrid, TableWrap, Time, adminLinks, brandTitle } from "~/components/admin/ui";
import { getApp } from "~/composition/app.server";
import { pageParam } from "~/domain/requests/admin-forms";
import { requirePageUser } from "~/services/auth.server";
import { userLedger } from "~/services/user-ledger.server";

export const links = adminLinks;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: brandTitle(matches, data ? `${data.user.email} · Users` : "User") }];

const PAGE_SIZE = 50;

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const page = pageParam.parse(new URL(request.url).searchParams.get("page") ?? undefined);
  const r = await userLedger(app, params.id ?? "", { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  if (!r.ok) throw new Response(r.error, { status: r.status });
  return { now: new Date(), page, ...r.value };
}

/** A ledger reference in words: "admin:<email>" is who granted, a generation's id stays as it is. */
function referenceText(kind: string, reference: string | null): { text: string; code: boolean } {
  if (!reference) return { text: kind === "initial" ? "Account created" : "–", code: false };
  if (reference.startsWith("admin:")) return { text: `By ${reference.slice("admin:".length)}`, code: false };
  return { text: reference, code: true };
}

export default function UserLedgerPage() {
  const { now, page, user, balance, rows, total, sums } = useLoaderData<typeof loader>();
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
            Credits for AI generation and every change to them. To grant credits, use the <Link to="/admin">users table on the Admin page</Link>.
          </>
        }
      />
      <StatGrid label="Credits at a glance">
        <Stat label="Balance" value={formatNumber(balance)} hint="Credits available now" tone={balance > 0 ? "ok" : "danger"} testId="stat-balance" />
        <Stat label="Received" value={formatNumber(granted)} hint={`${formatNumber(sums.initial)} to start, ${formatNumber(sums.grant)} granted`} testId="stat-granted" />
        <Stat label="Spent on generations" value={formatNumber(-sums.charge)} hint={sums.refund ? `${formatNumber(sums.refund)} refunded for failed ones` : "Nothing refunded"} testId="stat-spent" />
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
                        <td className={`adm-num adm-delta ${r.delta > 0 ? "adm-delta-up" : r.delta < 0 ? "adm-delta-down" : ""}`}>{formatSigned(r.delta)}</td>
                        <td className="adm-num">{formatNumber(r.balanceAfter)}</td>
                        <td>
                          <Pill label={ledgerKindLabel(r.kind)} />
                        </td>
                        <td className="adm-clip" title={r.reference ?? undefined}>
                          {ref.code ? <code className="adm-code">{ref.text}</code> : ref.text}
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

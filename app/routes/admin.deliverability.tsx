// Admin → Deliverability: the frame of its pages (summary, recipient lookup, section tabs).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { formatNumber, plural } from "~/components/admin/format";
import { suppressionReasonLabel } from "~/components/admin/labels";
import { PageHeader, Sr, Stat, StatGrid, adminLinks, brandTitle } from "~/components/admin/ui";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { deliverabilitySummary } from "~/services/deliverability.server";

export const links = adminLinks;

export const meta: MetaFunction = ({ matches }) => [{ title: brandTitle(matches, "Deliverability") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  return { summary: await deliverabilitySummary(app) };
}

const TABS = [
  { to: "/admin/deliverability", label: "Overview", end: true },
  { to: "/admin/deliverability/suppressions", label: "Suppressions" },
  { to: "/admin/deliverability/events", label: "Events" },
  { to: "/admin/deliverability/alerts", label: "Alerts" },
] as const;

export default function DeliverabilityLayout() {
  const { summary } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const onRecipient = useLocation().pathname === "/admin/deliverability/recipient";
  const top = summary.byReason.slice(0, 2).map((r) => `${formatNumber(r.count)} ${suppressionReasonLabel(r.reason).text.toLowerCase()}`);
  return (
    <div className="adm">
      <PageHeader
        crumbs={[{ to: "/admin", label: "Admin" }]}
        title="Deliverability"
        lede="Who can receive email, what bounced, and what needs a person's attention."
        aside={
          <Form method="get" action="/admin/deliverability/recipient" className="adm-lookup" role="search" aria-label="Look up a recipient">
            <label htmlFor="lookup-email">Look up a recipient</label>
            <div className="adm-lookup-row">
              <input
                id="lookup-email"
                name="email"
                type="email"
                required
                placeholder="name@example.com"
                defaultValue={onRecipient ? (params.get("email") ?? "") : ""}
                key={onRecipient ? params.get("email") : "lookup"}
              />
              <button type="submit" className="adm-btn adm-btn-secondary">
                Look up
              </button>
            </div>
          </Form>
        }
      />
      <StatGrid label="Deliverability at a glance">
        <Stat
          label="Suppressed now"
          value={formatNumber(summary.suppressedNow)}
          hint={top.length ? top.join(" · ") : "No address is suppressed"}
          to="/admin/deliverability/suppressions"
          testId="stat-suppressed"
        />
        <Stat
          label="Soft-bouncing"
          value={formatNumber(summary.softBounced)}
          hint="Recipients in a cooldown or counting soft bounces"
          tone={summary.softBounced ? "warn" : undefined}
          testId="stat-soft"
        />
        <Stat
          label="Alerts to review"
          value={formatNumber(summary.alertsOpen)}
          hint={summary.alertsTotal ? `${plural(summary.alertsTotal, "alert")} in all` : "Nothing has been raised yet"}
          tone={summary.alertsOpen ? "danger" : "ok"}
          to="/admin/deliverability/alerts"
          testId="stat-alerts"
        />
      </StatGrid>
      <nav className="adm-tabs" aria-label="Deliverability sections">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end={"end" in t ? t.end : false}
            className={({ isActive }) => `adm-tab${isActive ? " adm-tab-active" : ""}`}
            prefetch="intent"
          >
            {t.label}
            {t.label === "Alerts" && summary.alertsOpen ? (
              <>
                <span className="adm-tab-count" aria-hidden="true">
                  {summary.alertsOpen}
                </span>
                <Sr>{` (${summary.alertsOpen} to review)`}</Sr>
              </>
            ) : null}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

// Admin → Deliverability → Delivery events: what the provider reported, newest first, by type and address.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { plural } from "~/components/admin/format";
import { DeliveryEventsTable } from "~/components/admin/delivery-events-table";
import { EVENT_FILTER_OPTIONS } from "~/components/admin/labels";
import { EmptyState, FilterActions, Pagination, Section, adminLinks, brandTitle } from "~/components/admin/ui";
import { getApp } from "~/composition/app.server";
import { deliveryEventsQuerySchema } from "~/domain/requests/admin-forms";
import { requirePageUser } from "~/http/session.server";
import { deliveryEventList } from "~/services/deliverability.server";

export const links = adminLinks;

export const meta: MetaFunction = ({ matches }) => [{ title: brandTitle(matches, "Delivery events · Deliverability") }];

const PAGE_SIZE = 50;

const Query = deliveryEventsQuerySchema(EVENT_FILTER_OPTIONS.map((o) => o.value) as [string, ...string[]]);

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const query = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [kind, severity] = (query.type ?? "").split(":") as [string, ("permanent" | "temporary")?];
  const list = await deliveryEventList(
    app,
    { q: query.q, kind: kind || undefined, severity },
    { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE },
  );
  return {
    now: new Date(),
    ...list,
    query,
    filtered: Boolean(query.q || query.type),
    webhooksConfigured: Boolean(app.env.WEBHOOK_SIGNING_SECRET),
  };
}

export default function DeliveryEvents() {
  const { now, rows, total, query, filtered, webhooksConfigured } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <Section
      id="events"
      title="Delivery events"
      description="Every event your email provider reported through the webhook, the latest received first."
    >
      <Form method="get" className="adm-filters" role="search" aria-label="Filter delivery events">
        <div className="adm-field adm-field-grow">
          <label htmlFor="e-q">Address contains</label>
          <input id="e-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="e.g. @example.com" />
        </div>
        <div className="adm-field">
          <label htmlFor="e-type">Type</label>
          <select id="e-type" name="type" defaultValue={query.type ?? ""}>
            <option value="">All types</option>
            {EVENT_FILTER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.text}
              </option>
            ))}
          </select>
        </div>
        <FilterActions clearTo="/admin/deliverability/events" filtered={filtered} />
      </Form>
      {rows.length ? (
        <>
          <p className="adm-result-count">{plural(total, filtered ? "event matches" : "event", filtered ? "events match" : "events")}</p>
          <DeliveryEventsTable events={rows} now={now} label="Delivery events" testId="events" showRecipient />
          <Pagination
            page={query.page}
            pageSize={PAGE_SIZE}
            total={total}
            search={location.search.replace(/^\?/, "")}
            label="Event pages"
          />
        </>
      ) : filtered ? (
        <EmptyState title="No event matches these filters" action={<Link to="/admin/deliverability/events">Clear the filters</Link>} />
      ) : (
        <EmptyState title="No delivery events yet">
          {webhooksConfigured
            ? "Events arrive when your provider calls POST /api/esp-webhook. Check the webhook address and signing key in your provider's settings."
            : "Set WEBHOOK_SIGNING_SECRET and point your provider's delivery webhooks at /api/esp-webhook (see docs/sending.md); until then no events arrive."}
        </EmptyState>
      )}
    </Section>
  );
}

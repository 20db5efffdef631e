import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { listSendsForAdmin } from "~/services/send-views.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: `Outbox · ${(matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic"}` },
];

const PAGE = 200;

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  return { sends: await listSendsForAdmin(app, PAGE), provider: app.env.EMAIL_PROVIDER };
}

export default function Outbox() {
  const { sends, provider } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1>Outbox</h1>
      <p className="muted">
        Every email sent through <code>/api/send-email-esp</code>, newest first (the latest {PAGE}). Provider: <strong>{provider}</strong>
        {provider === "outbox" ? " — messages are kept here, not delivered." : "."}
      </p>
      {sends.length === 0 ? (
        <p className="muted">Nothing sent yet.</p>
      ) : (
        <table className="list" data-testid="outbox">
          <thead>
            <tr>
              <th>Created</th>
              <th>To</th>
              <th>Subject</th>
              <th title="The account that sent it; the From header is on the detail page">Sent by</th>
              <th>Provider</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {sends.map((s) => (
              <tr key={s.id} data-testid={`send-${s.id}`}>
                <td>{new Date(s.createdAt).toLocaleString()}</td>
                <td>{s.to}</td>
                <td>
                  <Link to={`/admin/outbox/${s.id}`}>{s.subject}</Link>
                </td>
                <td>{s.from}</td>
                <td>{s.provider}</td>
                <td>
                  <span className="pill" title={s.error ?? undefined}>
                    {s.status}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

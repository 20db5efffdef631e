// The unsubscribe link of every email and the RFC 8058 one-click target of List-Unsubscribe.
// GET only asks (link scanners follow links); POST unsubscribes. The signed token is the
// authority, so the one-click POST from a mail provider needs no session or CSRF token.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getApp } from "~/composition/app.server";
import { verifyUnsubscribeToken } from "~/lib/unsubscribe-token.server";
import { unsubscribeAddress } from "~/services/deliverability.server";

export const meta: MetaFunction = ({ matches }) => [{ title: `Unsubscribe · ${(matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic"}` }, { name: "robots", content: "noindex" }];

// Shown to email recipients, not users of the app: root leaves out the app's navigation.
export const handle = { bare: true };

type PageData = { state: "invalid" } | { state: "confirm"; email: string } | { state: "done"; email: string };

async function addressFor(token: string | undefined): Promise<string | null> {
  const app = await getApp();
  return verifyUnsubscribeToken(app.env.SESSION_SECRET, token ?? "");
}

export async function loader({ params }: LoaderFunctionArgs) {
  const email = await addressFor(params.token);
  if (!email) return json<PageData>({ state: "invalid" }, { status: 400, headers: { "Cache-Control": "no-store" } });
  return json<PageData>({ state: "confirm", email }, { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

export async function action({ params, request }: ActionFunctionArgs) {
  const email = await addressFor(params.token);
  if (!email) return json<PageData>({ state: "invalid" }, { status: 400 });
  const app = await getApp();
  const form = await request.formData().catch(() => null);
  const oneClick = form?.get("List-Unsubscribe") === "One-Click";
  await unsubscribeAddress(app, email, oneClick ? "one-click unsubscribe" : "unsubscribe page");
  app.logger.info({ oneClick }, "recipient unsubscribed");
  return json<PageData>({ state: "done", email });
}

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const data = (acted ?? loaded) as PageData;
  if (data.state === "invalid") {
    return (
      <div className="narrow" style={{ margin: "0 auto" }}>
        <h1>This unsubscribe link is not valid</h1>
        <p>It may have been changed or cut short. Use the unsubscribe link from the email exactly as it arrived.</p>
      </div>
    );
  }
  if (data.state === "done") {
    return (
      <div className="narrow" style={{ margin: "0 auto" }}>
        <h1>You're unsubscribed</h1>
        <p role="status"><strong>{data.email}</strong> will not receive emails sent through this service any more.</p>
      </div>
    );
  }
  return (
    <div className="narrow" style={{ margin: "0 auto" }}>
      <h1>Unsubscribe</h1>
      <p>Stop all emails sent through this service to <strong>{data.email}</strong>?</p>
      <Form method="post">
        <button type="submit">Unsubscribe</button>
      </Form>
    </div>
  );
}

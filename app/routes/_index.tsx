import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getApp } from "~/composition/app.server";
import { getSessionUser } from "~/http/session.server";
import { adapterSummary } from "~/composition/adapters.server";
import { creditBalance } from "~/services/users.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const brand = data?.brand ?? (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  return [{ title: `${brand}: interactive emails from a prompt` }];
};

const ADAPTER_LABELS: Record<string, string> = {
  llm: "Language model",
  embeddings: "Embeddings",
  vectorIndex: "Vector index",
  emailProvider: "Email provider",
  alerts: "Operator alerts",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const app = await getApp();
  const user = await getSessionUser(request);
  return {
    brand: app.env.BRAND_NAME,
    user,
    credits: user ? await creditBalance(app, user.id) : null,
    // Which engines the deployment runs is for its operators: not even in the page data of others.
    ...(user?.isAdmin ? { adapters: adapterSummary(app.env) } : {}),
    baseUrl: app.env.BASE_URL,
  };
}

export default function Index() {
  const { brand, user, credits, adapters, baseUrl } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1>{brand}</h1>
      <p>
        Turn a prompt into an interactive email — tabs, accordions, carousels, surveys, quizzes, menus and carts, with an AMP version — then
        send it and track delivery.
      </p>
      {user ? (
        <div className="grid">
          <div className="card">
            <h2 style={{ marginTop: 0 }}>Builder</h2>
            <p>Write a brief, edit the copy, generate, preview at 600 and 360 px and as Gmail shows it, refine and send a test.</p>
            <Link to="/builder">Build an email →</Link>
          </div>
          <div className="card">
            <h2 style={{ marginTop: 0 }}>Credits</h2>
            <p data-testid="credits">
              <strong>{credits}</strong> generations left
            </p>
          </div>
          <div className="card">
            <h2 style={{ marginTop: 0 }}>API access</h2>
            <p>Create a bearer token for the JSON API.</p>
            <Link to="/tokens">API tokens →</Link>
          </div>
          {user.isAdmin ? (
            <div className="card">
              <h2 style={{ marginTop: 0 }}>Admin</h2>
              <p>Users, credits, library, sends and evals.</p>
              <Link to="/admin">Open admin →</Link>
            </div>
          ) : null}
        </div>
      ) : null}
      {user ? (
        <div className="card" data-testid="try-it">
          <h2 style={{ marginTop: 0 }}>Try it</h2>
          <p>
            Generate an email from the command line. Make a token on the <Link to="/tokens">API tokens</Link> page and put it in place of{" "}
            <code>$TOKEN</code>; each generation uses credits from your balance.
          </p>
          <pre className="token">{`curl -X POST ${baseUrl}/api/generate \\
  -H "Authorization: Bearer $TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '{"prompt": "A spring sale email with tabs for shoes, bags and hats"}'`}</pre>
        </div>
      ) : (
        <p>
          <Link className="button" to="/login">
            Sign in
          </Link>
        </p>
      )}
      {adapters ? (
        <>
          <h2>Running with</h2>
          <table className="list">
            <tbody>
              {Object.entries(adapters).map(([port, adapter]) => (
                <tr key={port}>
                  <th scope="row">{ADAPTER_LABELS[port] ?? port}</th>
                  <td>{adapter}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  );
}

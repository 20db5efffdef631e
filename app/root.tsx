import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  Form, Link, Links, Meta, NavLink, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse,
  useLoaderData, useRouteError,
} from "@remix-run/react";
import { getSessionUser } from "~/lib/auth.server";
import { getApp } from "~/lib/app.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: "/app.css" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, app] = await Promise.all([getSessionUser(request), getApp()]);
  return { user, brand: app.env.BRAND_NAME };
}

function Shell({ children, brand, user }: { children: React.ReactNode; brand: string; user: { email: string; isAdmin: boolean } | null }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{brand}</title>
        <Meta />
        <Links />
      </head>
      <body>
        <header className="topbar">
          <Link to="/" className="brand">{brand}</Link>
          {user ? (
            <nav>
              <NavLink to="/tokens">API tokens</NavLink>
              {user.isAdmin ? <NavLink to="/admin">Admin</NavLink> : null}
              <span className="muted">{user.email}</span>
              <Form method="post" action="/logout">
                <button type="submit" className="link-button">Sign out</button>
              </Form>
            </nav>
          ) : (
            <nav>
              <NavLink to="/login">Sign in</NavLink>
            </nav>
          )}
        </header>
        <main>{children}</main>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { user, brand } = useLoaderData<typeof loader>();
  return (
    <Shell brand={brand} user={user}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText || ""}`.trim() : "Something went wrong";
  const detail = isRouteErrorResponse(error) ? (typeof error.data === "string" ? error.data : "") : "";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <Links />
      </head>
      <body>
        <main className="narrow">
          <h1>{title}</h1>
          {detail ? <p>{detail}</p> : null}
          <p><a href="/">Back to the start page</a></p>
        </main>
        <Scripts />
      </body>
    </html>
  );
}

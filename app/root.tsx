import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Form,
  Link,
  Links,
  Meta,
  NavLink,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { CsrfField } from "~/components/csrf-field";
import { useNonce } from "~/components/nonce";
import { restoreTypedBeforeHydration } from "~/components/typed-before-hydration";
import { getPageAuth } from "~/http/session.server";
import { getApp } from "~/composition/app.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: "/app.css" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [{ user, csrfToken, setCookie }, app] = await Promise.all([getPageAuth(request), getApp()]);
  // csrfToken: what every form sends back (<CsrfField/>); appOrigin: where the server accepts
  // forms from (BASE_URL), so a page opened at another address can say so before a post fails.
  return data(
    { user, brand: app.env.BRAND_NAME, csrfToken, appOrigin: new URL(app.env.BASE_URL).origin },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

const FALLBACK_BRAND = "Kinetic";

/** What an error page says: never the router's developer text (e.g. "No route matches URL …"). */
function errorCopy(error: unknown): { title: string; detail: string } {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404)
      return { title: "Page not found", detail: "There is nothing at this address. Check the link, or start again from the home page." };
    if (error.status === 403)
      return { title: "You need admin access for this page", detail: "Sign in with an admin account, or ask an admin to give you access." };
    if (error.status === 401) return { title: "Please sign in", detail: "This page needs you to be signed in." };
  }
  return {
    title: "Something went wrong",
    detail: "The page could not be shown. Try again in a moment; if it keeps happening, the server log has the details.",
  };
}

// Used by a route that has no meta of its own, and by the error page.
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const brand = data?.brand ?? FALLBACK_BRAND;
  return [{ title: error ? `${errorCopy(error).title} · ${brand}` : brand }];
};

type ShellUser = { email: string; isAdmin: boolean } | null;

/**
 * The server takes forms only from BASE_URL's origin (csrf.server.ts). Opened at another address
 * (127.0.0.1 for localhost, a LAN address), every post would be refused: say so up front.
 */
function WrongOriginNotice({ appOrigin }: { appOrigin?: string }) {
  const [here, setHere] = useState<string | null>(null);
  useEffect(() => setHere(window.location.origin), []);
  if (!appOrigin || !here || here === appOrigin) return null;
  return (
    <p className="error" role="alert" data-testid="wrong-origin">
      This app is set up for <a href={appOrigin + window.location.pathname + window.location.search}>{appOrigin}</a> (BASE_URL), but you
      opened it at {here}. The pages work here, but links in emails (View in browser, unsubscribe) point at {appOrigin}; set BASE_URL to the
      address people use.
    </p>
  );
}

function Shell({
  children,
  brand,
  user,
  navless,
  appOrigin,
}: {
  children: React.ReactNode;
  brand: string;
  user: ShellUser;
  navless?: boolean;
  appOrigin?: string;
}) {
  // The page's Content-Security-Policy runs only scripts that carry this response's nonce.
  const nonce = useNonce();
  // The first effect after hydration: what was typed before it goes back into its fields, and the
  // page says its scripts have taken over (the e2e specs wait for it before they test what the
  // scripts do: CONTRIBUTING.md, "How the browser specs wait").
  useEffect(() => {
    restoreTypedBeforeHydration();
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <header className="topbar">
          <Link to="/" className="brand">
            {brand}
          </Link>
          {navless ? null : user ? (
            <nav aria-label="Main">
              <NavLink to="/builder" end>
                Builder
              </NavLink>
              <NavLink to="/builder/history">History</NavLink>
              <NavLink to="/answers">Results</NavLink>
              <NavLink to="/brand">Brand</NavLink>
              <NavLink to="/tokens">API tokens</NavLink>
              <NavLink to="/account">Account</NavLink>
              {user.isAdmin ? <NavLink to="/admin">Admin</NavLink> : null}
              <span className="topbar-user">
                <span className="muted topbar-email" title={user.email}>
                  {user.email}
                </span>
                <Form method="post" action="/logout">
                  <CsrfField />
                  <button type="submit" className="link-button">
                    Sign out
                  </button>
                </Form>
              </span>
            </nav>
          ) : (
            <nav>
              <NavLink to="/login">Sign in</NavLink>
            </nav>
          )}
        </header>
        <main>
          <WrongOriginNotice appOrigin={appOrigin} />
          {children}
        </main>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, brand, appOrigin } = useLoaderData<typeof loader>();
  return (
    <Shell brand={brand} user={user} appOrigin={appOrigin}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  // Missing when the root loader did not run (e.g. no route matched) or failed itself.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { title, detail } = errorCopy(error);
  // The server logged it already (handleError, with the request id); the browser's console shows it here.
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  return (
    // Without the root data the signed-in state is unknown: show the brand link only, not a wrong "Sign in".
    <Shell brand={rootData?.brand ?? FALLBACK_BRAND} user={rootData?.user ?? null} navless={!rootData} appOrigin={rootData?.appOrigin}>
      <div className="narrow error-page" style={{ margin: "0 auto" }}>
        <h1>{title}</h1>
        <p>{detail}</p>
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </div>
    </Shell>
  );
}

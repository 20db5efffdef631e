// The unsubscribe page's markup: a whole document with no script, served by the resource route
// app/routes/unsubscribe.$token.tsx (ADR 025). Its one form posts back to the same address.

export type UnsubscribeState = { state: "invalid" } | { state: "confirm"; email: string } | { state: "done"; email: string };

export function UnsubscribePage({ brand, page }: { brand: string; page: UnsubscribeState }) {
  const title = page.state === "invalid" ? "This unsubscribe link is not valid" : page.state === "done" ? "You're unsubscribed" : "Unsubscribe";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${brand}`}</title>
        <link rel="stylesheet" href="/app.css" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <header className="topbar topbar-bare"><span className="brand">{brand}</span></header>
        <main>
          <div className="narrow" style={{ margin: "0 auto" }}>
            <h1>{title}</h1>
            {page.state === "invalid" ? (
              <p>It may have been changed or cut short. Use the unsubscribe link from the email exactly as it arrived.</p>
            ) : page.state === "done" ? (
              <p role="status"><strong>{page.email}</strong> will not receive emails sent through this service any more.</p>
            ) : (
              <>
                <p>Stop all emails sent through this service to <strong>{page.email}</strong>?</p>
                <form method="post">
                  <button type="submit">Unsubscribe</button>
                </form>
              </>
            )}
          </div>
        </main>
      </body>
    </html>
  );
}

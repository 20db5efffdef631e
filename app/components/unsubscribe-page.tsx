// The unsubscribe page's markup: a whole document with no script, served by the resource route
// app/routes/unsubscribe.$token.tsx (ADR 025). Its one form posts back to the same address.

export type UnsubscribeState = { state: "invalid" } | { state: "confirm"; email: string } | { state: "done"; email: string };

/** Whose emails these are: the sender's brand profile, or the deployment's name. */
export interface PageBrand {
  name: string;
  logoUrl: string | null;
  websiteUrl: string | null;
}

/** The brand's name and logo, linked to its website when it has one (also for a thank-you page). */
export function BrandMark({ brand }: { brand: PageBrand }) {
  const mark = (
    <>
      {brand.logoUrl ? (
        <img src={brand.logoUrl} alt="" height={32} style={{ height: 32, width: "auto", verticalAlign: "middle", marginRight: 8 }} />
      ) : null}
      <span>{brand.name}</span>
    </>
  );
  return brand.websiteUrl ? (
    <a className="brand" href={brand.websiteUrl} rel="noopener noreferrer">
      {mark}
    </a>
  ) : (
    <span className="brand">{mark}</span>
  );
}

export function UnsubscribePage({ brand, page }: { brand: PageBrand; page: UnsubscribeState }) {
  const title =
    page.state === "invalid" ? "This unsubscribe link is not valid" : page.state === "done" ? "You're unsubscribed" : "Unsubscribe";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${brand.name}`}</title>
        <link rel="stylesheet" href="/app.css" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      </head>
      <body>
        <header className="topbar topbar-bare">
          <BrandMark brand={brand} />
        </header>
        <main>
          <div className="narrow" style={{ margin: "0 auto" }}>
            <h1>{title}</h1>
            {page.state === "invalid" ? (
              <p>It may have been changed or cut short. Use the unsubscribe link from the email exactly as it arrived.</p>
            ) : page.state === "done" ? (
              <p role="status">
                <strong>{page.email}</strong> will not receive emails sent through this service any more, from {brand.name} or anyone else.
              </p>
            ) : (
              <>
                <p>
                  Stop all emails sent through this service to <strong>{page.email}</strong>, including those from {brand.name}?
                </p>
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

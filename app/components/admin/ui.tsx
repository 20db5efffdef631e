// Building blocks of the admin pages (styles: /styles/admin.css, linked by each route).
import type { LinksFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDateTime, formatRelative } from "./format";
import type { Label, Tone } from "./labels";

/** Every admin route's `links`: the admin stylesheet on top of /app.css. */
export const adminLinks: LinksFunction = () => [{ rel: "stylesheet", href: "/styles/admin.css" }];

/** The page title with the brand, as the other pages write it. */
export function brandTitle(matches: ReadonlyArray<{ id: string; data?: unknown }>, title: string): string {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  return `${title} · ${brand}`;
}

export function PageHeader({
  crumbs,
  title,
  lede,
  aside,
  badge,
}: {
  crumbs: Array<{ to: string; label: string }>;
  title: ReactNode;
  lede?: ReactNode;
  aside?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <header className="adm-head">
      <div className="adm-head-main">
        <nav aria-label="Breadcrumb" className="adm-crumbs">
          <ol>
            {crumbs.map((c) => (
              <li key={c.to}>
                <Link to={c.to}>{c.label}</Link>
              </li>
            ))}
          </ol>
        </nav>
        <div className="adm-title">
          <h1>{title}</h1>
          {badge}
        </div>
        {lede ? <p className="adm-lede">{lede}</p> : null}
      </div>
      {aside ? <div className="adm-head-aside">{aside}</div> : null}
    </header>
  );
}

export function Pill({ label, tone, children, testId }: { label?: Label; tone?: Tone; children?: ReactNode; testId?: string }) {
  const t = tone ?? label?.tone ?? "neutral";
  return (
    <span className={`adm-pill adm-pill-${t}`} title={label?.hint} data-testid={testId}>
      <span className="adm-pill-dot" aria-hidden="true" />
      {children ?? label?.text}
    </span>
  );
}

export function StatGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <section className="adm-stats" aria-label={label}>
      {children}
    </section>
  );
}

export function Stat({
  label,
  value,
  hint,
  tone,
  testId,
  to,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: Tone;
  testId?: string;
  to?: string;
}) {
  const body = (
    <>
      <span className="adm-stat-label">{label}</span>
      <span className="adm-stat-value">{value}</span>
      {hint ? <span className="adm-stat-hint">{hint}</span> : null}
    </>
  );
  const cls = `adm-stat${tone ? ` adm-stat-${tone}` : ""}`;
  return to ? (
    <Link to={to} className={`${cls} adm-stat-link`} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}

export function Section({
  title,
  id,
  actions,
  children,
  description,
}: {
  title: string;
  id?: string;
  actions?: ReactNode;
  children: ReactNode;
  description?: ReactNode;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section className="adm-section" id={id} aria-labelledby={headingId}>
      <div className="adm-section-head">
        <div>
          <h2 id={headingId}>{title}</h2>
          {description ? <p className="adm-section-desc">{description}</p> : null}
        </div>
        {actions ? <div className="adm-section-actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="adm-empty" role="note">
      <p className="adm-empty-title">{title}</p>
      {children ? <p className="adm-empty-text">{children}</p> : null}
      {action ? <div className="adm-empty-action">{action}</div> : null}
    </div>
  );
}

/** After an action: success is a status (read politely), a failure an alert. */
export function Notice({ notice, error }: { notice?: string | null; error?: string | null }) {
  return (
    <>
      {error ? (
        <p className="adm-notice adm-notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="adm-notice adm-notice-ok" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}

/** A horizontally scrolling frame for a wide table; focusable so keyboard users can scroll it. */
export function TableWrap({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="adm-table-wrap" role="region" aria-label={label} tabIndex={0} data-testid={testId}>
      {children}
    </div>
  );
}

export function Time({ value, now, relative = true }: { value: Date | string | number; now: Date | string | number; relative?: boolean }) {
  const iso = new Date(value).toISOString();
  return (
    <time dateTime={iso} title={formatDateTime(value)} className="adm-time">
      {relative ? (
        <>
          <span className="adm-time-rel">{formatRelative(value, now)}</span>
          <span className="adm-time-abs">{formatDateTime(value)}</span>
        </>
      ) : (
        formatDateTime(value)
      )}
    </time>
  );
}

/** Previous / next links that keep the page's other query parameters. */
export function Pagination({
  page,
  pageSize,
  total,
  search,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  /** The current query string (without "?"). */
  search: string;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const hrefFor = (p: number) => {
    const params = new URLSearchParams(search);
    if (p <= 1) params.delete("page");
    else params.set("page", String(p));
    const qs = params.toString();
    return qs ? `?${qs}` : "?";
  };
  return (
    <nav className="adm-pager" aria-label={label}>
      <p className="adm-pager-info">
        {first === last ? `${first}` : `${first}–${last}`} of {total}
      </p>
      {pages > 1 ? (
        <div className="adm-pager-links">
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className="adm-btn adm-btn-quiet" rel="prev">
              ← Newer
            </Link>
          ) : (
            <span className="adm-btn adm-btn-quiet" aria-disabled="true">
              ← Newer
            </span>
          )}
          <span className="adm-pager-page">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={hrefFor(page + 1)} className="adm-btn adm-btn-quiet" rel="next">
              Older →
            </Link>
          ) : (
            <span className="adm-btn adm-btn-quiet" aria-disabled="true">
              Older →
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}

/** Visually hidden text for screen readers. */
export function Sr({ children }: { children: ReactNode }) {
  return <span className="adm-sr">{children}</span>;
}

/** The end of a GET filter form: submit, and a way back to the unfiltered page once filtered. */
export function FilterActions({ clearTo, filtered, busy = false }: { clearTo: string; filtered: boolean; busy?: boolean }) {
  return (
    <div className="adm-filter-actions">
      <button type="submit" className="adm-btn adm-btn-secondary">
        {busy ? "Filtering…" : "Filter"}
      </button>
      {filtered ? (
        <Link to={clearTo} className="adm-btn adm-btn-quiet">
          Clear
        </Link>
      ) : null}
    </div>
  );
}

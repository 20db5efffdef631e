// Admin → Feedback: ratings of generated emails (POST /api/admin/submit-feedback), filtered by
// rating and by whether retrieval was used (query parameters: linkable, no JavaScript needed),
// with counts over all of it.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { formatNumber, formatShare, plural } from "~/components/admin/format";
import { RATING_ORDER, ratingLabel } from "~/components/admin/labels";
import {
  EmptyState,
  FilterActions,
  PageHeader,
  Pagination,
  Pill,
  Section,
  Stat,
  StatGrid,
  TableWrap,
  Time,
  adminLinks,
  brandTitle,
} from "~/components/admin/ui";
import { getApp } from "~/composition/app.server";
import { feedbackQuerySchema } from "~/domain/requests/admin-forms";
import { requirePageUser } from "~/http/session.server";
import { feedbackPage } from "~/services/feedback.server";

export const links = adminLinks;

export const meta: MetaFunction = ({ matches }) => [{ title: brandTitle(matches, "Feedback") }];

const PAGE_SIZE = 25;
const PROMPT_PREVIEW = 160;

const RATING_FILTERS = ["positive", "negative", ...RATING_ORDER] as const;

const Query = feedbackQuerySchema(RATING_FILTERS);

function ratingFilterText(value: string): string {
  if (value === "positive") return "Positive (thumbs up, 4–5 stars)";
  if (value === "negative") return "Not positive (thumbs down, 1–3 stars)";
  if (value === "up") return "Thumbs up";
  if (value === "down") return "Thumbs down";
  return `${value} ${value === "1" ? "star" : "stars"}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request, { admin: true });
  const app = await getApp();
  const query = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const filter = {
    rating: query.rating && query.rating !== "positive" && query.rating !== "negative" ? query.rating : undefined,
    positive: query.rating === "positive" ? true : query.rating === "negative" ? false : undefined,
    ragUsed: query.rag === "yes" ? true : query.rag === "no" ? false : undefined,
  };
  const page = await feedbackPage(app, filter, { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE });
  return { now: new Date(), ...page, query, filtered: Boolean(query.rating || query.rag) };
}

/** "+12 pts" between two shares, or nothing when either is missing. */
function pointsBetween(a: number | null, b: number | null): string | null {
  if (a === null || b === null) return null;
  const pts = Math.round((a - b) * 100);
  return `${pts > 0 ? "+" : pts < 0 ? "−" : "±"}${Math.abs(pts)} pts`;
}

export default function Feedback() {
  const { now, items, matching, aggregates, byRating, query, filtered } = useLoaderData<typeof loader>();
  const location = useLocation();
  const { overall, withRag, withoutRag } = aggregates;
  const maxCount = Math.max(1, ...byRating.map((r) => r.count));
  const linkWith = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) params.delete(k);
      else params.set(k, v);
    }
    const qs = params.toString();
    return qs ? `?${qs}` : "/admin/feedback";
  };

  return (
    <div className="adm">
      <PageHeader
        crumbs={[{ to: "/admin", label: "Admin" }]}
        title="Feedback"
        lede="How people rate the emails Kinetic generates, and whether retrieval from the example library helps."
      />

      <StatGrid label="Feedback at a glance">
        <Stat
          label="Ratings"
          value={formatNumber(overall.count)}
          hint={overall.count ? `${formatNumber(overall.positive)} positive` : "None received yet"}
          testId="stat-total"
        />
        <Stat
          label="Positive"
          value={formatShare(overall.positiveShare)}
          hint="Thumbs up or 4–5 stars"
          tone={
            overall.positiveShare === null
              ? undefined
              : overall.positiveShare >= 0.7
                ? "ok"
                : overall.positiveShare < 0.5
                  ? "danger"
                  : "warn"
          }
          testId="stat-positive"
        />
        <Stat
          label="With retrieval"
          value={formatShare(withRag.positiveShare)}
          hint={
            <>
              Positive, of {plural(withRag.count, "rating")}
              {pointsBetween(withRag.positiveShare, withoutRag.positiveShare) ? (
                <> · {pointsBetween(withRag.positiveShare, withoutRag.positiveShare)}</>
              ) : null}
            </>
          }
          to={linkWith({ rag: "yes" })}
          testId="stat-with-rag"
        />
        <Stat
          label="Without retrieval"
          value={formatShare(withoutRag.positiveShare)}
          hint={`Positive, of ${plural(withoutRag.count, "rating")}`}
          to={linkWith({ rag: "no" })}
          testId="stat-without-rag"
        />
      </StatGrid>

      {overall.count === 0 ? (
        <EmptyState title="No feedback yet">
          Ratings arrive through <code>POST /api/admin/submit-feedback</code> with the prompt, a rating (up, down or 1–5 stars), whether
          retrieval was used and how many examples it found. Use it from your builder or the eval harness; each rating then shows up here.
        </EmptyState>
      ) : (
        <>
          <Section id="ratings" title="Ratings" description="How many ratings of each kind. Select one to list only those.">
            <ul className="adm-bars" data-testid="rating-counts">
              {byRating.map((r) => {
                const label = ratingLabel(r.rating);
                const active = query.rating === r.rating;
                return (
                  <li key={r.rating}>
                    <Link
                      to={linkWith({ rating: active ? null : r.rating })}
                      className={`adm-bar-row${active ? " adm-bar-active" : ""}`}
                      aria-current={active ? "true" : undefined}
                      data-testid={`rating-${r.rating}`}
                    >
                      <span className="adm-bar-label">
                        <span className={`adm-rating adm-rating-${label.tone}`} aria-hidden={label.hint ? "true" : undefined}>
                          {label.text}
                        </span>
                        {label.hint ? <span className="adm-sr">{label.hint}</span> : null}
                      </span>
                      <span className="adm-bar-track" aria-hidden="true">
                        {r.count ? (
                          <span className={`adm-bar-fill adm-bar-${label.tone}`} style={{ width: `${(r.count / maxCount) * 100}%` }} />
                        ) : null}
                      </span>
                      <span className="adm-bar-count">{formatNumber(r.count)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </Section>

          <Section id="list" title="All feedback" description="Newest first.">
            <Form method="get" className="adm-filters" role="search" aria-label="Filter feedback">
              <div className="adm-field">
                <label htmlFor="fb-rating">Rating</label>
                <select id="fb-rating" name="rating" defaultValue={query.rating ?? ""}>
                  <option value="">All ratings</option>
                  {RATING_FILTERS.map((r) => (
                    <option key={r} value={r}>
                      {ratingFilterText(r)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="adm-field">
                <label htmlFor="fb-rag">Retrieval</label>
                <select id="fb-rag" name="rag" defaultValue={query.rag ?? ""}>
                  <option value="">With or without</option>
                  <option value="yes">Used retrieval</option>
                  <option value="no">No retrieval</option>
                </select>
              </div>
              <FilterActions clearTo="/admin/feedback" filtered={filtered} />
            </Form>

            {items.length ? (
              <>
                <p className="adm-result-count" data-testid="feedback-matching">
                  {filtered ? `${plural(matching, "rating")} match of ${formatNumber(overall.count)}` : plural(matching, "rating")}
                </p>
                <TableWrap label="Feedback" testId="feedback">
                  <table className="adm-table adm-table-stack">
                    <thead>
                      <tr>
                        <th scope="col">When</th>
                        <th scope="col">Rating</th>
                        <th scope="col" className="adm-col-wide">
                          Prompt
                        </th>
                        <th scope="col">Comment</th>
                        <th scope="col">Retrieval</th>
                        <th scope="col">From</th>
                      </tr>
                    </thead>
                    <tbody>
                      {items.map((f) => {
                        const label = ratingLabel(f.rating);
                        return (
                          <tr key={f.id} data-testid={`feedback-${f.id}`}>
                            <td data-label="When" className="adm-stack-side">
                              <Time value={f.createdAt} now={now} />
                            </td>
                            <td data-label="Rating" className="adm-stack-main">
                              <Pill label={label}>
                                {label.text}
                                {label.hint ? <span className="adm-sr"> ({label.hint})</span> : null}
                              </Pill>
                            </td>
                            <td data-label="Prompt" className="adm-prompt adm-stack-block">
                              {f.prompt.length > PROMPT_PREVIEW ? (
                                <details className="adm-more">
                                  <summary>{f.prompt.slice(0, PROMPT_PREVIEW).trimEnd()}…</summary>
                                  <p>{f.prompt}</p>
                                </details>
                              ) : (
                                f.prompt
                              )}
                            </td>
                            <td data-label="Comment" className="adm-comment adm-stack-block">
                              {f.comment ?? <span className="adm-muted">–</span>}
                            </td>
                            <td data-label="Retrieval">
                              {f.ragUsed ? (
                                <span className="adm-stack">
                                  <span>Used</span>
                                  <span className="adm-muted adm-small">{plural(f.ragExamplesCount, "example")}</span>
                                </span>
                              ) : (
                                <span className="adm-muted">Not used</span>
                              )}
                            </td>
                            <td data-label="From" className="adm-clip">
                              {f.userEmail ?? <span className="adm-muted">{f.userId ? "Deleted user" : "–"}</span>}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </TableWrap>
                <Pagination
                  page={query.page}
                  pageSize={PAGE_SIZE}
                  total={matching}
                  search={location.search.replace(/^\?/, "")}
                  label="Feedback pages"
                />
              </>
            ) : (
              <EmptyState title="No rating matches these filters" action={<Link to="/admin/feedback">Clear the filters</Link>}>
                {query.rating ? `There is no “${ratingFilterText(query.rating).toLowerCase()}” rating` : "There is no rating"}
                {query.rag ? (query.rag === "yes" ? " with retrieval" : " without retrieval") : ""} yet.
              </EmptyState>
            )}
          </Section>
        </>
      )}
    </div>
  );
}

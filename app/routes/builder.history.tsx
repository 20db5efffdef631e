// The user's versions, newest first: each reopens its page; a version links to its parent.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { versionKindLabel } from "~/components/builder/labels";
import { Link, useLoaderData } from "@remix-run/react";
import { getApp } from "~/composition/app.server";
import { requirePageUser } from "~/http/session.server";
import { listOwnVersions } from "~/services/builder.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: "/styles/builder.css" }];

export const meta: MetaFunction = ({ matches }) => [
  { title: `History · Builder · ${(matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic"}` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const rows = await listOwnVersions(app, user);
  const subjects = new Map(rows.map((r) => [r.id, r.subject]));
  return {
    versions: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      prompt: r.prompt,
      subject: r.subject,
      qaScore: r.qaScore,
      createdAt: r.createdAt.toISOString(),
      parent: r.parentId ? { id: r.parentId, subject: subjects.get(r.parentId) ?? null } : null,
    })),
  };
}

function scoreClass(score: number | null) {
  if (score === null) return "";
  return score >= 85 ? "bld-score-good" : score >= 70 ? "bld-score-ok" : "bld-score-low";
}

export default function BuilderHistory() {
  const { versions } = useLoaderData<typeof loader>();
  return (
    <div className="bld">
      <header className="bld-head">
        <div>
          <h1>History</h1>
          <p className="bld-lede">Every email you generated, regenerated or refined. Newest first.</p>
        </div>
        <Link to="/builder" className="bld-btn bld-btn-primary">
          New email
        </Link>
      </header>
      {versions.length === 0 ? (
        <div className="bld-card bld-empty">
          <h2>No emails yet</h2>
          <p>
            Your generated emails appear here. <Link to="/builder">Start with a brief</Link>.
          </p>
        </div>
      ) : (
        <ol className="bld-history" data-testid="history-list">
          {versions.map((v) => (
            <li key={v.id} className="bld-card bld-history-item">
              <div className="bld-history-main">
                <p className="bld-eyebrow">
                  <span className="bld-pill">{versionKindLabel(v.kind)}</span>{" "}
                  <time dateTime={v.createdAt}>
                    {new Date(v.createdAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}
                  </time>
                </p>
                <h2>
                  <Link to={`/builder/v/${v.id}`}>{v.subject ?? "Untitled email"}</Link>
                </h2>
                <p className="bld-muted bld-clamp">{v.prompt}</p>
                {v.parent ? (
                  <p className="bld-history-parent">
                    From <Link to={`/builder/v/${v.parent.id}`}>{v.parent.subject ?? "an earlier version"}</Link>
                  </p>
                ) : null}
              </div>
              <div className={`bld-score ${scoreClass(v.qaScore)}`} aria-label={`QA score ${v.qaScore ?? "unknown"}`}>
                <span>{v.qaScore ?? "–"}</span>
                <small>QA</small>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

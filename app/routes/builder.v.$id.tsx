// A version: the email in sandboxed iframes (desktop 600 px and mobile 360 px), dark mode, and
// how Gmail and Outlook.com would show it; the panels (QA, refine, AMP, ship) below.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { techniqueLabel, versionKindLabel } from "~/components/builder/labels";
import { Stepper } from "~/components/builder/stepper";
import { VersionPanels, type VersionJson } from "~/components/builder/version-panels";
import { getApp } from "~/composition/app.server";
import { ampSnapshot } from "~/domain/amp/snapshot";
import { requirePageUser } from "~/http/session.server";
import { previewOf, versionPage } from "~/services/builder.server";
import { withOwnSenderFooter } from "~/services/sender-profile.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: "/styles/builder.css" },
  // The panels under the preview (app/components/builder/*-panel.tsx) bring their own styles.
  { rel: "stylesheet", href: "/styles/builder-panels.css" },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const brand = (matches.find((m) => m.id === "root")?.data as { brand?: string } | undefined)?.brand ?? "Kinetic";
  return [{ title: `${data?.version.subject ?? "Version"} · Builder · ${brand}` }];
};

const toJson = <T extends { createdAt: Date }>(row: T): Omit<T, "createdAt"> & { createdAt: string } => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request);
  const app = await getApp();
  const found = await versionPage(app, user, params.id ?? "");
  if (!found) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const preview = previewOf(await withOwnSenderFooter(app, user, found.version.html), url.searchParams.get("view"));
  const version: VersionJson = toJson(found.version);
  const parent: VersionJson | null = found.parent ? toJson(found.parent) : null;
  // The AMP tab's static snapshot, made only when that tab is open.
  const ampPreview = url.searchParams.get("panel") === "amp" && found.version.ampHtml ? ampSnapshot(found.version.ampHtml) : null;
  return {
    ampPreview,
    version,
    parent,
    isAdmin: user.isAdmin,
    preview,
    dark: url.searchParams.get("dark") === "1",
  };
}

const VIEWS = [
  { key: "original", label: "Interactive", sub: "Apple Mail, iOS" },
  { key: "gmail", label: "As Gmail", sub: "Fallback" },
  { key: "outlook-com", label: "As Outlook.com", sub: "Fallback" },
] as const;

type Meta = {
  technique?: string;
  qa?: { score?: number };
  rag?: { used?: boolean; examplesCount?: number; examples?: Array<{ id: string; score: number }> };
  ampGenerated?: boolean;
};

export default function VersionPage() {
  const { version, parent, isAdmin, preview, dark, ampPreview } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const meta = version.metadata as Meta;
  const href = (view: string, isDark: boolean) => {
    const q = new URLSearchParams();
    if (view !== "original") q.set("view", view);
    if (isDark) q.set("dark", "1");
    const s = q.toString();
    return s ? `?${s}` : ".";
  };
  const scheme = { colorScheme: dark ? "dark" : "light" } as const;
  const regenerating = navigation.state !== "idle" && navigation.formData?.get("intent") === "regenerate";

  return (
    <div className="bld bld-wide">
      <header className="bld-head">
        <div>
          <p className="bld-eyebrow">
            <span className="bld-pill">{versionKindLabel(version.kind)}</span>{" "}
            {new Date(version.createdAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}
            {parent ? (
              <>
                {" · from "}
                <Link to={`/builder/v/${parent.id}`}>{parent.subject ?? "the previous version"}</Link>
              </>
            ) : null}
          </p>
          <h1 data-testid="version-subject">{version.subject ?? "Untitled email"}</h1>
          <p className="bld-lede bld-clamp" title={version.prompt}>
            {version.prompt}
          </p>
        </div>
        <div className="bld-head-actions">
          <Link to="/builder/history" className="bld-btn bld-btn-ghost">
            History
          </Link>
          <Link to={`/builder?from=${version.id}`} className="bld-btn bld-btn-secondary">
            Edit brief
          </Link>
          <Form method="post" action="/builder?index">
            <CsrfField />
            <input type="hidden" name="versionId" value={version.id} />
            <button type="submit" name="intent" value="regenerate" className="bld-btn bld-btn-secondary" disabled={regenerating}>
              {regenerating ? "Regenerating…" : "Regenerate"}
            </button>
          </Form>
          <Link to="/builder" className="bld-btn bld-btn-primary">
            New email
          </Link>
        </div>
      </header>
      <Stepper
        current="Preview"
        skipped={[
          ...((version.brief as { understood?: unknown } | null)?.understood ? [] : ["Check" as const]),
          ...(version.copyDoc ? [] : ["Copy" as const]),
        ]}
      />

      <dl className="bld-facts">
        <div>
          <dt>QA score</dt>
          <dd data-testid="qa-score">
            {version.qaScore ?? "–"}
            <span className="bld-muted"> / 100</span>
          </dd>
        </div>
        <div>
          <dt>Technique</dt>
          <dd>{techniqueLabel(meta.technique)}</dd>
        </div>
        <div>
          <dt>Library examples</dt>
          <dd>{meta.rag?.used ? `${meta.rag.examplesCount} used` : "none"}</dd>
        </div>
        <div>
          <dt>AMP</dt>
          <dd>{meta.ampGenerated ? "built" : "off"}</dd>
        </div>
      </dl>

      <section className="bld-card bld-preview" aria-labelledby="bld-preview-title">
        <div className="bld-preview-bar">
          <h2 id="bld-preview-title">Preview</h2>
          <nav className="bld-views" aria-label="Mail client">
            {VIEWS.map((v) => (
              <Link
                key={v.key}
                to={href(v.key, dark)}
                preventScrollReset
                replace
                className={`bld-view${preview.view === v.key ? " bld-view-on" : ""}`}
                aria-current={preview.view === v.key ? "page" : undefined}
              >
                {v.label}
                <span>{v.sub}</span>
              </Link>
            ))}
          </nav>
          <Link
            to={href(preview.view, !dark)}
            preventScrollReset
            replace
            className="bld-btn bld-btn-ghost bld-dark-toggle"
            role="switch"
            aria-checked={dark}
          >
            <span aria-hidden="true">{dark ? "☾" : "☀"}</span> Dark mode: {dark ? "on" : "off"}
          </Link>
        </div>

        {preview.simulation ? (
          <div className="bld-simulation" data-testid="simulation-explains">
            <p>
              <strong>{preview.simulation.label}:</strong> {preview.simulation.explains}
            </p>
            <ul>
              {preview.simulation.changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <p className="bld-muted">
              A simulation of the documented behaviour that decides what shows; not a screenshot of the real client.
            </p>
          </div>
        ) : (
          <p className="bld-muted bld-simulation-note">The original email: the interactive version Apple Mail and iOS Mail show.</p>
        )}

        <div className="bld-frames">
          <figure className="bld-frame bld-frame-desktop">
            <figcaption>Desktop · 600 px</figcaption>
            <iframe
              key={`d-${preview.view}-${dark}`}
              title={`Email preview, desktop, ${preview.label}${dark ? ", dark mode" : ""}`}
              sandbox=""
              srcDoc={preview.html}
              width={600}
              height={900}
              style={scheme}
              data-testid="preview-desktop"
            />
          </figure>
          <figure className="bld-frame bld-frame-mobile">
            <figcaption>Mobile · 360 px</figcaption>
            <iframe
              key={`m-${preview.view}-${dark}`}
              title={`Email preview, mobile, ${preview.label}${dark ? ", dark mode" : ""}`}
              sandbox=""
              srcDoc={preview.html}
              width={360}
              height={900}
              style={scheme}
              data-testid="preview-mobile"
            />
          </figure>
        </div>
      </section>

      <VersionPanels version={version} parent={parent} isAdmin={isAdmin} ampPreview={ampPreview} />
    </div>
  );
}

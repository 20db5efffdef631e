// The panels under a builder version's preview: QA (and free regeneration, feedback), refine
// (with undo), AMP, and ship (send a test, downloads, save to the library). The version page
// (app/routes/builder.v.$id.tsx) renders <VersionPanels/> with the version it loaded, and adds
// `versionPanelsLinks()` to its `links` (the stylesheet /styles/builder-panels.css).
//
// The panel is chosen by the `?panel=` GET parameter (qa, refine, amp, ship), so the tabs are plain
// links and everything works without JavaScript; every action is a form post to a thin route
// under /builder/v/:id/ that redirects back here (to the new version when it made one).
import type { LinksFunction } from "@remix-run/node";
import { Link, useSearchParams } from "@remix-run/react";
import type { AmpSnapshot } from "~/domain/amp/snapshot";
import type { EmailVersion } from "~/models/email-versions.server";
import { AmpPanel } from "./amp-panel";
import { panelMeta, scoreBand } from "./panel-meta";
import { QaPanel } from "./qa-panel";
import { RefinePanel } from "./refine-panel";
import { ShipPanel } from "./ship-panel";

/** A version as a loader returns it (JSON: dates become strings). */
export type VersionJson = Omit<EmailVersion, "createdAt"> & { createdAt: string };

export interface VersionPanelsProps {
  version: VersionJson;
  /** The version this one was made from, when there is one (refine's before/after and undo). */
  parent: VersionJson | null;
  isAdmin: boolean;
  /** The AMP tab's static snapshot (ampSnapshot), when that tab is open and there is AMP. */
  ampPreview?: AmpSnapshot | null;
}

export const PANEL_STYLESHEET = "/styles/builder-panels.css";

/** The panels' stylesheet, for the version page's `links` export. */
export const versionPanelsLinks: LinksFunction = () => [{ rel: "stylesheet", href: PANEL_STYLESHEET }];
export const links = versionPanelsLinks;

export const PANELS = ["qa", "refine", "amp", "ship"] as const;
export type PanelId = (typeof PANELS)[number];

export function panelFrom(value: string | null): PanelId {
  return (PANELS as readonly string[]).includes(value ?? "") ? (value as PanelId) : "qa";
}

export function VersionPanels({ version, parent, isAdmin, ampPreview = null }: VersionPanelsProps) {
  const [params] = useSearchParams();
  const current = panelFrom(params.get("panel"));
  const meta = panelMeta(version);
  const band = scoreBand(meta.score);
  const tabs: Array<{ id: PanelId; label: string; hint?: string }> = [
    { id: "qa", label: "Quality", hint: meta.score === null ? undefined : `${Math.round(meta.score)} · ${band.label}` },
    { id: "refine", label: "Refine", hint: parent ? "before/after, undo" : undefined },
    {
      id: "amp",
      label: "AMP",
      hint: version.ampHtml ? (meta.amp?.status === "pass" ? "valid" : meta.amp?.status === "fail" ? "invalid" : "present") : "none",
    },
    { id: "ship", label: "Ship", hint: "test, download" },
  ];

  return (
    <div className="vp" data-testid="version-panels">
      {/* Also in the version page's links (versionPanelsLinks); repeated here so the panels are styled wherever they are rendered. */}
      <link rel="stylesheet" href={PANEL_STYLESHEET} />
      <nav className="vp-tabs" aria-label="Version tools">
        <ul>
          {tabs.map((t) => (
            <li key={t.id}>
              <Link
                to={`?panel=${t.id}`}
                preventScrollReset
                replace
                className={t.id === current ? "vp-tab vp-tab-current" : "vp-tab"}
                aria-current={t.id === current ? "page" : undefined}
                data-testid={`tab-${t.id}`}
              >
                <span className="vp-tab-label">{t.label}</span>
                {t.hint ? <span className="vp-tab-hint">{t.hint}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="vp-body">
        {current === "qa" ? <QaPanel version={version} /> : null}
        {current === "refine" ? <RefinePanel version={version} parent={parent} /> : null}
        {current === "amp" ? <AmpPanel version={version} snapshot={ampPreview} /> : null}
        {current === "ship" ? <ShipPanel version={version} isAdmin={isAdmin} /> : null}
      </div>
    </div>
  );
}

// The panels under a builder version's preview: QA (and free regeneration, feedback), refine
// (with undo), AMP, and ship (send a test, downloads, save to the library). The version page
// (app/routes/builder.v.$id.tsx) renders <VersionPanels/> with the version it loaded.
import type { EmailVersion } from "~/models/email-versions.server";

/** A version as a loader returns it (JSON: dates become strings). */
export type VersionJson = Omit<EmailVersion, "createdAt"> & { createdAt: string };

export interface VersionPanelsProps {
  version: VersionJson;
  /** The version this one was made from, when there is one (refine's before/after and undo). */
  parent: VersionJson | null;
  isAdmin: boolean;
}

export function VersionPanels(_props: VersionPanelsProps) {
  return null;
}

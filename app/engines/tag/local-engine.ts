import { runDocumentTask } from "~/workers/off-thread.server";
import type { TagEngine } from "./port";

/** Tags by structure (./local.ts); a big document is analysed on the document worker. */
export function createLocalTagEngine(): TagEngine {
  return {
    name: "local",
    async tag(input) {
      if (!input.htmlContent.trim()) return { ok: false, error: "htmlContent is empty" };
      return { ok: true, tags: await runDocumentTask("tagHtml", input, input.htmlContent.length) };
    },
  };
}

// Reading a prompt into its brief with the composition's brief engine (docs/llm.md, "The brief
// stage"): a model when one is configured, else the local reader. A model that fails costs the
// generation nothing but its tokens: the brief is read locally and the caller is told why.
import type { AppContext } from "~/composition/app.server";
import type { Brief } from "~/domain/brief/schema";
import { readBrief } from "~/domain/reader";
import type { EngineUsage } from "~/engines/prompts/usage";

export interface PromptBrief {
  brief: Brief;
  /** What the reading cost (the model's tokens; zero for the local reader). */
  usage: EngineUsage;
  /** Said to the user with the email: why the brief was read without the model, when it was. */
  warnings: string[];
}

export async function readPromptBrief(app: AppContext, prompt: string, emailType?: string | null): Promise<PromptBrief> {
  const engine = app.adapters.engines.brief;
  const read = await engine.read({ prompt, emailType });
  if (!read.ok) {
    app.logger.warn({ brief: { engine: engine.kind, error: read.error } }, "brief model failed; the brief is read locally");
    return {
      brief: readBrief(prompt, { emailType }),
      usage: read.usage,
      warnings: [`The brief was read without the language model (${read.error}).`],
    };
  }
  // What the model's reading lost or invented is for the log: the brief itself already holds the fix.
  if (read.dropped.length || read.restored.length || read.reported.length)
    app.logger.info(
      {
        brief: {
          engine: engine.kind,
          dropped: read.dropped,
          restored: read.restored,
          reported: read.reported,
          counts: { dropped: read.dropped.length, restored: read.restored.length, reported: read.reported.length },
        },
      },
      "brief read: the token pass checked the model's reading",
    );
  return { brief: read.brief, usage: read.usage, warnings: [] };
}

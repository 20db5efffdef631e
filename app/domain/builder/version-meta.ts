// A saved version's stored metadata is data the app wrote, not a request: it is read leniently.
import { z } from "zod";

/**
 * A saved version's metadata, as the builder's actions (free regeneration, feedback) read it:
 * the QA score and the retrieval facts, each ignored when it does not have the expected shape.
 */
export const VersionMetaSchema = z
  .object({
    qa: z.object({ score: z.number() }).partial().passthrough().optional().catch(undefined),
    rag: z
      .object({ used: z.boolean(), examplesCount: z.number().int().min(0) })
      .partial()
      .passthrough()
      .optional()
      .catch(undefined),
  })
  .passthrough();

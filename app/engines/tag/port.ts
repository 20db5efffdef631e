import { z } from "zod";

export interface TagInput {
  htmlContent: string;
  /** e.g. `html` or `amp` (docs/api/library.md, auto-tag). */
  contentType: string;
}

/** POST /api/admin/auto-tag response fields (docs/api/library.md). */
export const autoTagsSchema = z.object({
  description: z.string(),
  technique: z.string(),
  complexity: z.enum(["beginner", "intermediate", "advanced"]),
  emailPurpose: z.string(),
  keyFeatures: z.array(z.string()),
  bestPracticeTags: z.array(z.string()),
  embedding_text: z.string(),
});

export type AutoTags = z.infer<typeof autoTagsSchema>;

export type TagResult = { ok: true; tags: AutoTags } | { ok: false; error: string };

export interface TagEngine {
  readonly name: string;
  tag(input: TagInput): Promise<TagResult>;
}

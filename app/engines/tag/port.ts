import { z } from "zod";

export interface TagInput {
  htmlContent: string;
  /** SPEC.md: e.g. `html` or `amp`. */
  contentType: string;
}

/** POST /api/admin/auto-tag response fields (SPEC.md). */
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

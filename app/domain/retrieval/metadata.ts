import { z } from "zod";

// docs/api/library.md "Document ids and metadata": the small metadata stored next to each vector. Bodies never go here.

export const CONTENT_TYPES = ["html", "amp", "blog"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const COMPLEXITIES = ["beginner", "intermediate", "advanced"] as const;
export type Complexity = (typeof COMPLEXITIES)[number];

export const EXAMPLE_TYPES = ["positive", "negative"] as const;

const base = {
  doc_id: z.string().min(1),
  submittedAt: z.string().datetime({ offset: true }),
};

export const htmlVectorMetadataSchema = z.object({
  ...base,
  type: z.literal("html"),
  description: z.string(),
  technique: z.string(),
  complexity: z.string(),
  htmlType: z.string(),
  emailPurpose: z.string(),
  exampleType: z.enum(EXAMPLE_TYPES),
  keyFeatures: z.array(z.string()),
  bestPracticeTags: z.array(z.string()),
});

export const ampVectorMetadataSchema = z.object({
  ...base,
  type: z.literal("amp"),
  description: z.string(),
  technique: z.string(),
  complexity: z.string(),
  htmlType: z.string(),
  ampComponents: z.array(z.string()),
  ampValidator: z.string(),
});

export const blogVectorMetadataSchema = z.object({
  ...base,
  type: z.literal("blog"),
  contentFocus: z.string().default("general"),
  blogTitle: z.string(),
  blogTopic: z.string(),
  learningLevel: z.string(),
  techniquesCovered: z.array(z.string()),
  keyTakeaways: z.string(),
});

export const vectorMetadataSchema = z.discriminatedUnion("type", [
  htmlVectorMetadataSchema,
  ampVectorMetadataSchema,
  blogVectorMetadataSchema,
]);

export type VectorMetadata = z.infer<typeof vectorMetadataSchema>;

/**
 * What the index adapters store and return. Kept loose (JSON values) because indexes may hold
 * documents written before a field existed; consumers read fields defensively.
 */
export type MetadataValue = string | number | boolean | string[] | null;
export type StoredMetadata = { [key: string]: MetadataValue };

export function metaString(meta: StoredMetadata, key: string): string | undefined {
  const v = meta[key];
  return typeof v === "string" ? v : undefined;
}

export function metaStrings(meta: StoredMetadata, key: string): string[] {
  const v = meta[key];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string");
  return typeof v === "string" && v ? [v] : [];
}

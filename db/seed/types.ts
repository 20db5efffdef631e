/** Complexity levels a library example is written for (docs/api/library.md). */
export type SeedComplexity = "beginner" | "intermediate" | "advanced";

export interface HtmlSeedDocument {
  uploadType: "html";
  htmlContent: string;
  description: string;
  technique: string;
  complexity: SeedComplexity;
  emailPurpose: string;
  exampleType: "positive" | "negative";
  keyFeatures: string[];
  bestPracticeTags: string[];
  /** Negatives only: the fault, in words a generator can learn from. */
  whatIsWrong?: string;
}

export interface AmpSeedDocument {
  uploadType: "amp";
  htmlContent: string;
  description: string;
  technique: string;
  complexity: SeedComplexity;
  ampComponents?: string[];
}

export interface BlogSeedDocument {
  uploadType: "blog";
  /** The article as simple HTML. */
  htmlContent: string;
  blogTitle: string;
  blogTopic: string;
  learningLevel: SeedComplexity;
  techniquesCovered: string[];
  keyTakeaways: string;
  /** "kinetic": content about Kinetic itself. */
  contentFocus: "kinetic" | "amp" | "general";
}

export type SeedDocument = HtmlSeedDocument | AmpSeedDocument | BlogSeedDocument;

/** A document with a stable key, so seeding on first start can skip what is already stored. */
export interface SeedEntry {
  key: string;
  document: SeedDocument;
}

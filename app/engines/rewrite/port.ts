export interface RewriteInput {
  prompt: string;
  /** Detected technique(s) of the generation, e.g. "tabs" or "tabs+accordion"; null when none. */
  technique: string | null;
  emailType?: string;
  complexity?: string;
}

export type RewriteResult = { ok: true; query: string } | { ok: false; error: string };

/** Turns a user prompt into a technical retrieval query (docs/retrieval.md "Pipeline", step 1). */
export interface RewriteEngine {
  readonly name: string;
  rewrite(input: RewriteInput): Promise<RewriteResult>;
}

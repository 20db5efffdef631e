// The one place that picks an adapter for each port from configuration.
import type { Env } from "./env.server";

export type PortName = "llm" | "embeddings" | "vectorIndex" | "emailProvider" | "alerts";

/** Which adapter each port uses, for /healthz and the start-up banner. */
export function adapterSummary(env: Env): Record<PortName, string> {
  const llm =
    env.LLM_PROVIDER !== "auto"
      ? env.LLM_PROVIDER
      : env.ANTHROPIC_API_KEY
        ? "anthropic"
        : env.OPENAI_API_KEY || env.OPENAI_BASE_URL
          ? "openai"
          : "local";
  const embeddings = env.EMBEDDINGS_PROVIDER !== "auto" ? env.EMBEDDINGS_PROVIDER : env.OPENAI_API_KEY ? "openai" : "local";
  return {
    llm,
    embeddings,
    vectorIndex: env.VECTOR_INDEX,
    emailProvider: env.EMAIL_PROVIDER,
    alerts: env.ALERT_WEBHOOK_URL ? "slack-webhook+stored" : "stored",
  };
}

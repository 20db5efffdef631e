// The one place that picks an adapter for each port, and an implementation for each stage
// engine, from configuration. getApp() builds them once with composeAdapters and services
// receive them on the context (`app.adapters`); nothing else calls a builder.
import { ConfigError, type Env } from "~/lib/env.server";
import type { Database } from "~/lib/db.server";
import type { Logger } from "~/lib/logger.server";
import { createLlmClient, llmConfigFromSettings, selectLlmProvider } from "~/adapters/llm/select";
import type { LlmClient } from "~/adapters/llm/port";
import { selectEmbeddingsProvider } from "~/adapters/embeddings/select.server";
import type { Embedder } from "~/adapters/embeddings/port";
import { createLibsqlVectorIndex } from "~/adapters/vector-index/libsql.server";
import { createPineconeVectorIndex } from "~/adapters/vector-index/pinecone.server";
import type { VectorIndex } from "~/adapters/vector-index/port";
import { createEmailProvider } from "~/adapters/email-provider/factory.server";
import type { EmailProvider } from "~/adapters/email-provider/port";
import { createSlackNotifier } from "~/adapters/alerts/slack.server";
import type { AlertNotifier } from "~/adapters/alerts/port";
import { LocalBriefEngine } from "~/engines/brief/local";
import { LlmBriefEngine } from "~/engines/brief/llm";
import type { BriefEngine } from "~/engines/brief/port";
import { LocalCopyEngine } from "~/engines/copy/local";
import { LlmCopyEngine } from "~/engines/copy/llm";
import type { CopyEngine } from "~/engines/copy/port";
import { LocalBlueprintEngine } from "~/engines/blueprint/local";
import { LlmBlueprintEngine } from "~/engines/blueprint/llm";
import type { BlueprintEngine } from "~/engines/blueprint/port";
import { LocalCodeEngine } from "~/engines/code/local";
import { LlmCodeEngine } from "~/engines/code/llm";
import type { CodeEngine } from "~/engines/code/port";
import { LocalRefineEngine } from "~/engines/refine/local";
import { LlmRefineEngine } from "~/engines/refine/llm";
import type { RefineEngine } from "~/engines/refine/port";
import { createLocalRewriteEngine } from "~/engines/rewrite/local";
import { createLlmRewriteEngine } from "~/engines/rewrite/llm";
import type { RewriteEngine } from "~/engines/rewrite/port";
import { createLocalRerankEngine } from "~/engines/rerank/local";
import { createLlmRerankEngine } from "~/engines/rerank/llm";
import type { RerankEngine } from "~/engines/rerank/port";
import { createLocalTagEngine } from "~/engines/tag/local-engine";
import { createLlmTagEngine } from "~/engines/tag/llm";
import type { TagEngine } from "~/engines/tag/port";
import { createJudge } from "~/engines/judge";
import type { JudgeEngine } from "~/engines/judge/port";

export type PortName = "llm" | "embeddings" | "vectorIndex" | "emailProvider" | "alerts";

export interface Engines {
  brief: BriefEngine;
  copy: CopyEngine;
  blueprint: BlueprintEngine;
  code: CodeEngine;
  rewrite: RewriteEngine;
  rerank: RerankEngine;
  judge: JudgeEngine;
  tag: TagEngine;
  refine: RefineEngine;
}

export interface Adapters {
  llm: LlmClient | null;
  embedder: Embedder;
  vectorIndex: VectorIndex;
  emailProvider: EmailProvider;
  alerts: AlertNotifier | null;
  engines: Engines;
}

function llmProvider(env: Env) {
  return selectLlmProvider(env);
}

function embeddingsProvider(env: Env): "openai" | "local" {
  if (env.EMBEDDINGS_PROVIDER !== "auto") return env.EMBEDDINGS_PROVIDER;
  return env.OPENAI_API_KEY ? "openai" : "local";
}

/** Which adapter each port uses, for /healthz and the start-up banner. */
export function adapterSummary(env: Env): Record<PortName, string> {
  return {
    llm: llmProvider(env),
    embeddings: embeddingsProvider(env),
    vectorIndex: env.VECTOR_INDEX,
    emailProvider: env.EMAIL_PROVIDER,
    alerts: env.ALERT_WEBHOOK_URL ? "stored+webhook" : "stored",
  };
}

export function createEngines(llm: LlmClient | null): Engines {
  if (!llm) {
    return {
      brief: new LocalBriefEngine(),
      copy: new LocalCopyEngine(),
      blueprint: new LocalBlueprintEngine(),
      code: new LocalCodeEngine(),
      rewrite: createLocalRewriteEngine(),
      rerank: createLocalRerankEngine(),
      judge: createJudge(),
      tag: createLocalTagEngine(),
      refine: new LocalRefineEngine(),
    };
  }
  return {
    brief: new LlmBriefEngine(llm),
    copy: new LlmCopyEngine(llm),
    blueprint: new LlmBlueprintEngine(llm),
    code: new LlmCodeEngine(llm),
    rewrite: createLlmRewriteEngine(llm),
    rerank: createLlmRerankEngine(llm),
    judge: createJudge(llm),
    tag: createLlmTagEngine(llm),
    refine: new LlmRefineEngine(llm),
  };
}

/**
 * Builds the adapters configuration picks, for one database and logger: getApp() calls it once
 * for the process's context; a script or test that makes its own context calls it too. Creating
 * an adapter loads no vendor SDK (each loads its SDK at its first call), so this stays cheap.
 */
export function composeAdapters(env: Env, database: Database, logger: Logger): Adapters {
  const provider = llmProvider(env);
  const llm =
    provider === "local"
      ? null
      : createLlmClient(
          provider,
          llmConfigFromSettings(provider, env, (log) => logger.info({ llm: log }, "model call")),
        );

  const embeddings = selectEmbeddingsProvider({
    EMBEDDINGS_PROVIDER: env.EMBEDDINGS_PROVIDER,
    OPENAI_API_KEY: env.OPENAI_API_KEY,
    OPENAI_BASE_URL: env.OPENAI_BASE_URL,
    openai: { model: env.EMBEDDINGS_MODEL },
  });
  // Configuration the adapters refuse stops start-up with the same message as any bad variable.
  if (!embeddings.ok) throw new ConfigError([embeddings.error]);

  const vectorIndex =
    env.VECTOR_INDEX === "pinecone"
      ? createPineconeVectorIndex({
          apiKey: env.PINECONE_API_KEY!,
          indexHost: env.PINECONE_INDEX_HOST!,
          namespace: env.PINECONE_NAMESPACE || undefined,
        })
      : createLibsqlVectorIndex({ client: database.client, annThreshold: env.VECTOR_ANN_THRESHOLD });

  const email = createEmailProvider(
    env.EMAIL_PROVIDER === "smtp"
      ? {
          provider: "smtp",
          url: env.SMTP_URL!,
          tlsRejectUnauthorized: env.SMTP_TLS_REJECT_UNAUTHORIZED,
          ...(env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
            ? { dkim: { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: env.DKIM_PRIVATE_KEY } }
            : {}),
        }
      : env.EMAIL_PROVIDER === "mailgun"
        ? { provider: "mailgun", apiKey: env.MAILGUN_API_KEY!, domain: env.MAILGUN_DOMAIN!, apiBase: env.MAILGUN_API_BASE }
        : env.EMAIL_PROVIDER === "resend"
          ? { provider: "resend", apiKey: env.RESEND_API_KEY!, baseUrl: env.RESEND_BASE_URL }
          : { provider: "outbox" },
  );
  if (!email.ok) throw new ConfigError([`EMAIL_PROVIDER=${env.EMAIL_PROVIDER}: ${email.error}`]);

  return {
    llm,
    embedder: embeddings.embedder,
    vectorIndex,
    emailProvider: email.provider,
    alerts: env.ALERT_WEBHOOK_URL ? createSlackNotifier({ webhookUrl: env.ALERT_WEBHOOK_URL, serviceName: env.BRAND_NAME }) : null,
    engines: createEngines(llm),
  };
}

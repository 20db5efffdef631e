// A vendor SDK costs start-up time when it loads (about 100 ms each for Anthropic and Pinecone),
// so the composition module and the adapters it picks load one only when that vendor is
// selected, at the adapter's first call. The mocks below only record each SDK's first import.
import type { AppContext } from "~/composition/app.server";
import { getApp } from "~/composition/app.server";
import { composeAdapters } from "~/composition/adapters.server";
import { createOpenAiEmbedder } from "~/adapters/embeddings/openai.server";
import { createPineconeVectorIndex } from "~/adapters/vector-index/pinecone.server";

const loaded = vi.hoisted(() => new Set<string>());
vi.mock("openai", async (importOriginal) => {
  loaded.add("openai");
  return importOriginal();
});
vi.mock("@anthropic-ai/sdk", async (importOriginal) => {
  loaded.add("@anthropic-ai/sdk");
  return importOriginal();
});
vi.mock("@pinecone-database/pinecone", async (importOriginal) => {
  loaded.add("@pinecone-database/pinecone");
  return importOriginal();
});

/** Nothing listens there: a call fails at once with a connection error. */
const NOWHERE = "http://127.0.0.1:9";

/** The process's context with other configuration, and the adapters the composition picks for it. */
function withEnv(app: AppContext, overrides: Partial<AppContext["env"]>): AppContext {
  const env = { ...app.env, ...overrides };
  return { ...app, env, adapters: composeAdapters(env, app.database, app.logger) };
}

describe("vendor SDKs load only for the selected adapters", () => {
  it("local adapters, used, load none of them (nor does importing the composition module)", async () => {
    const app = withEnv(await getApp(), {
      LLM_PROVIDER: "local",
      EMBEDDINGS_PROVIDER: "local",
      VECTOR_INDEX: "libsql",
      ANTHROPIC_API_KEY: undefined,
      OPENAI_API_KEY: undefined,
      OPENAI_BASE_URL: undefined,
    });
    const adapters = app.adapters;
    expect(adapters.llm).toBeNull();
    expect(adapters.vectorIndex.name).toBe("libsql");
    expect((await adapters.embedder.embed(["a spring sale for a bakery"])).ok).toBe(true);
    expect([...loaded]).toEqual([]);
  });

  it("a selected vendor adapter loads its SDK at its first call, not when it is created", async () => {
    const app = withEnv(await getApp(), {
      LLM_PROVIDER: "anthropic",
      ANTHROPIC_API_KEY: "sk-test",
      ANTHROPIC_BASE_URL: NOWHERE,
      LLM_MAX_RETRIES: 0,
    });
    const llm = app.adapters.llm;
    expect(llm?.provider).toBe("anthropic");
    const embedder = createOpenAiEmbedder({ apiKey: "sk-test", baseURL: `${NOWHERE}/v1`, maxRetries: 0 });
    const index = createPineconeVectorIndex({ apiKey: "pc-test", indexHost: NOWHERE, maxRetries: 0 });
    expect([...loaded]).toEqual([]);

    expect((await llm!.complete({ role: "copy", system: "s", prompt: "p" })).ok).toBe(false);
    expect((await embedder.embed(["x"])).ok).toBe(false);
    expect((await index.stats()).ok).toBe(false);
    expect([...loaded].sort()).toEqual(["@anthropic-ai/sdk", "@pinecone-database/pinecone", "openai"]);
  });
});

/** A zod schema as the JSON Schema a vendor holds a model's structured output to (docs/llm.md). */
import type { z } from "zod";
import { zodToJsonSchema } from "zod-to-json-schema";

/**
 * Inlined, without `$ref`s: local servers' constrained decoding (Ollama, vLLM) follows plain
 * schemas more reliably, and `$schema` is dropped because a tool's input schema is only the object.
 */
export function jsonSchemaOf(schema: z.ZodTypeAny): Record<string, unknown> {
  const { $schema: _dialect, ...plain } = zodToJsonSchema(schema, { $refStrategy: "none" }) as Record<string, unknown>;
  return plain;
}

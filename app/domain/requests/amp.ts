// AMP: the body of POST /api/gen/amp and the fields of a survey post (POST /api/amp/survey/:formId).
import { z } from "zod";

// The blueprint is checked by the AMP build itself, so its issues come back with full paths.
/** POST /api/gen/amp. */
export const GenAmpBodySchema = z.object({
  blueprint: z.record(z.unknown()),
  html: z.string().max(2_000_000).nullish(),
});

/** What one survey post may hold (the body itself is capped by AMP_SURVEY_BODY_LIMIT_BYTES). */
export const SURVEY_LIMITS = { fields: 50, nameChars: 64, valueChars: 2_000, listValues: 20 } as const;

const FieldName = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, `field names are letters, digits, _ . - (at most ${SURVEY_LIMITS.nameChars})`)
  .refine((name) => name !== "__proto__", "reserved field name");
const FieldValue = z.union([
  z.string().max(SURVEY_LIMITS.valueChars),
  z.array(z.string().max(SURVEY_LIMITS.valueChars)).min(1).max(SURVEY_LIMITS.listValues),
]);

export const SurveyFieldsSchema = z
  .record(FieldName, FieldValue)
  .refine((fields) => Object.keys(fields).length <= SURVEY_LIMITS.fields, `at most ${SURVEY_LIMITS.fields} fields`)
  .refine((fields) => Object.keys(fields).some((k) => k !== "survey" && k !== "sendId"), "no answers were given");

export type SurveyFields = z.infer<typeof SurveyFieldsSchema>;

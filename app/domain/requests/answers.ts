// Answers: the query of GET /api/answers, GET /api/sends/:id/answers and the results page.
import { z } from "zod";

const Id = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, "an id of letters, digits, _ and -");

export const AnswersFormatSchema = z.enum(["json", "csv"]).default("json");

/** GET /api/answers?version=<generation or builder version id>&format=json|csv */
export const FormAnswersQuerySchema = z.object({ version: Id, format: AnswersFormatSchema });

/** GET /api/sends/:id/answers?format=json|csv */
export const SendAnswersQuerySchema = z.object({ id: Id, format: AnswersFormatSchema });

/** The results page and its CSV: one of `send` or `version`. */
export const AnswersPageQuerySchema = z.union([z.object({ send: Id }), z.object({ version: Id })]);

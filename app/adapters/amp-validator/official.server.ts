// The official AMP validator engine, when the operator has a local copy (AMP_VALIDATOR_JS).
// amphtml-validator would otherwise download the engine from the CDN, which this deployment
// cannot reach (stack-notes §4), so only local paths are accepted.
import { validateAmp, type AmpError, type AmpValidation } from "~/domain/amp/validate";

export type OfficialResult = { ok: true; validation: AmpValidation } | { ok: false; error: string };

function isUrl(path: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(path.trim());
}

/** Runs the official engine at `validatorJsPath` on `html` in AMP4EMAIL mode. Never throws. */
export async function validateAmpOfficial(html: string, validatorJsPath: string): Promise<OfficialResult> {
  if (!validatorJsPath.trim()) return { ok: false, error: "no validator engine path given" };
  if (isUrl(validatorJsPath)) {
    return { ok: false, error: "AMP_VALIDATOR_JS must be a local file path; the engine is never downloaded" };
  }
  try {
    // Loaded here, not when the server starts (docs/operations.md, "Start-up time").
    const { default: amphtmlValidator } = await import("amphtml-validator");
    const validator = await amphtmlValidator.getInstance(validatorJsPath);
    const result = validator.validateString(html, "AMP4EMAIL");
    const errors: AmpError[] = result.errors
      .filter((e) => e.severity === "ERROR")
      .map((e) => ({ code: e.code, line: e.line, message: e.message }));
    const status = result.status === "PASS" && errors.length === 0 ? "pass" : "fail";
    return { ok: true, validation: { validator: "official", status, errors } };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, error: `official AMP validator unavailable: ${message}` };
  }
}

export interface AmpVerdict {
  /** The verdict to report: the official one when the engine ran, else the built-in one. */
  validation: AmpValidation;
  builtin: AmpValidation;
  official: AmpValidation | null;
  officialError: string | null;
}

/**
 * Validates with the built-in rules and, when a local engine path is configured, with the
 * official engine too; the official verdict wins when it is available. `builtin`: the built-in
 * verdict of `html` when the caller has it already (the repair loop ends with one).
 */
export async function validateAmpBoth(
  html: string,
  validatorJsPath: string | undefined,
  builtin: AmpValidation = validateAmp(html),
): Promise<AmpVerdict> {
  if (!validatorJsPath) return { validation: builtin, builtin, official: null, officialError: null };
  const official = await validateAmpOfficial(html, validatorJsPath);
  if (!official.ok) return { validation: builtin, builtin, official: null, officialError: official.error };
  return { validation: official.validation, builtin, official: official.validation, officialError: null };
}

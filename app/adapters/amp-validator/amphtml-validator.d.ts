// amphtml-validator ships no types; this covers the part the adapter uses.
declare module "amphtml-validator" {
  export interface ValidationError {
    severity: string;
    line: number;
    col: number;
    message: string;
    specUrl: string | null;
    code: string;
    params: string[];
  }
  export interface ValidationResult {
    status: string;
    errors: ValidationError[];
  }
  export interface Validator {
    validateString(inputString: string, htmlFormat?: string): ValidationResult;
  }
  export function getInstance(validatorJs?: string, userAgent?: string): Promise<Validator>;
  export function newInstance(validatorJsContents: string): Validator;
  const amphtmlValidator: { getInstance: typeof getInstance; newInstance: typeof newInstance };
  export default amphtmlValidator;
}

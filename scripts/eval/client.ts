// The service over HTTP, nothing else: the CLI works the same against a remote instance.
export type HttpResult = { ok: true; status: number; body: Record<string, unknown> } | { ok: false; status: number | null; error: string };

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Per request; a generation with retrieval and a slow model can take a while. */
export const REQUEST_TIMEOUT_MS = 180_000;

export class KineticClient {
  constructor(
    readonly url: string,
    private readonly token: string,
    private readonly fetchImpl: FetchLike = fetch,
    private readonly timeoutMs = REQUEST_TIMEOUT_MS,
  ) {}

  async request(method: "GET" | "POST", path: string, body?: unknown): Promise<HttpResult> {
    let res: Response;
    try {
      res = await this.fetchImpl(this.url + path, {
        method,
        headers: { Authorization: `Bearer ${this.token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const err = e as Error & { cause?: { code?: string; message?: string } };
      const why =
        err.name === "TimeoutError" ? `timed out after ${this.timeoutMs} ms` : (err.cause?.code ?? err.cause?.message ?? err.message);
      return { ok: false, status: null, error: `${method} ${path}: ${why}` };
    }
    const text = await res.text().catch(() => "");
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    const obj = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
    if (!res.ok || !obj || obj.success === false) {
      const message = obj && typeof obj.error === "string" ? obj.error : text.trim().slice(0, 200) || res.statusText;
      return { ok: false, status: res.status, error: `HTTP ${res.status}: ${message}` };
    }
    return { ok: true, status: res.status, body: obj };
  }

  get(path: string) {
    return this.request("GET", path);
  }

  post(path: string, body: unknown) {
    return this.request("POST", path, body);
  }
}

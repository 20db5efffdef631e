// The Request an API route receives on the direct path (ADR 011, ADR 013). A web Request costs
// little; what costs is what it builds up front: following an abort signal (about 80 µs of CPU a
// request here, WeakRefs and a FinalizationRegistry inside undici) and a web stream pumping the
// body (about 40 µs more). Here both are made only when a route asks for them.
import type http from "node:http";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { bodyUnusable, consumedStream, READ_BODY_TEXT } from "./body-handoff";

type Bytes = ReadableStream<Uint8Array<ArrayBuffer>>;

const NO_BODY = new Set(["GET", "HEAD"]);

export class NodeRequest extends Request {
  readonly #req: http.IncomingMessage;
  readonly #res: http.ServerResponse;
  readonly #hasBody: boolean;
  #controller: AbortController | undefined;
  #stream: Bytes | undefined;
  #used = false;

  constructor(url: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else if (value !== undefined) headers.set(key, value);
    }
    const method = req.method ?? "GET";
    super(url, { method, headers });
    this.#req = req;
    this.#res = res;
    this.#hasBody = !NO_BODY.has(method);
  }

  /** Aborted when the client goes away before the response is complete (SSE streams stop on it). */
  override get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = new AbortController();
      this.#controller = controller;
      if (this.#res.writableFinished) return controller.signal;
      if (this.#res.destroyed) controller.abort();
      else this.#res.once("close", () => this.#res.writableFinished || controller.abort());
    }
    return this.#controller.signal;
  }

  override get body(): Bytes | null {
    if (!this.#hasBody) return null;
    if (!this.#stream) {
      // After a direct read the body is what a read Response's body is: finished and locked.
      if (this.#used) this.#stream = consumedStream();
      else if (clientLeft(this.#req)) this.#stream = failedStream(clientGone());
      else this.#stream = createReadableStreamFromReadable(this.#req) as Bytes;
    }
    return this.#stream;
  }

  override get bodyUsed(): boolean {
    return this.#used || (this.#stream?.locked ?? false);
  }

  /** The raw body, `null` past `limit` bytes: from Node's stream unless a web stream was made. */
  #bytes(limit = Infinity): Promise<Buffer | null> {
    if (!this.#hasBody) return Promise.resolve(Buffer.alloc(0));
    if (this.bodyUsed) return Promise.reject(bodyUnusable());
    if (this.#stream) return readWebStream(this.#stream, limit);
    this.#used = true;
    // Node drops what it buffered when the socket closes, and a destroyed stream emits nothing
    // more: without this the read would wait forever.
    if (clientLeft(this.#req)) return Promise.reject(clientGone());
    if (this.#req.readableEnded) return Promise.reject(bodyUnusable());
    return readNodeStream(this.#req, limit);
  }

  async [READ_BODY_TEXT](limit: number): Promise<string | null> {
    const bytes = await this.#bytes(limit);
    return bytes === null ? null : bytes.toString("utf8");
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = (await this.#bytes())!;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  /** UTF-8, a byte order mark dropped, as Request.text() decodes. */
  override async text(): Promise<string> {
    return new TextDecoder().decode((await this.#bytes())!);
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  override async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get("content-type") ?? "" });
  }

  override async formData(): Promise<FormData> {
    return new Response(await this.arrayBuffer(), { headers: { "Content-Type": this.headers.get("content-type") ?? "" } }).formData();
  }

  /** Both copies read the same body: it becomes a web stream, split in two. */
  override clone(): Request {
    if (this.bodyUsed) throw bodyUnusable();
    const init: RequestInit & { duplex?: "half" } = { method: this.method, headers: this.headers, signal: this.signal };
    const body = this.body;
    if (body) {
      const [mine, theirs] = body.tee();
      this.#stream = mine;
      init.body = theirs;
      init.duplex = "half";
    }
    return new Request(this.url, init);
  }
}

const clientGone = () => new Error("The client closed the connection before the body was read");

function clientLeft(req: http.IncomingMessage): boolean {
  return req.destroyed || req.readableAborted || req.errored !== null;
}

function failedStream(error: Error): Bytes {
  return new ReadableStream({ start: (c) => c.error(error) });
}

async function readWebStream(stream: Bytes, limit: number): Promise<Buffer | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
}

function readNodeStream(req: http.IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        // The rest is left to the server, which drains it after the response.
        done();
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(new Error("The client closed the connection before the body was complete"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}

// A local server speaking Pinecone's data-plane wire format, so the adapter (SDK included) runs
// without a network.
import http from "node:http";
import type { AddressInfo } from "node:net";

interface Rec {
  id: string;
  values: number[];
  metadata: Record<string, unknown>;
}

type Op = "upsert" | "query" | "fetch" | "delete" | "list" | "stats";

const OPS: Record<string, Op> = {
  "/vectors/upsert": "upsert",
  "/query": "query",
  "/vectors/fetch": "fetch",
  "/vectors/delete": "delete",
  "/vectors/list": "list",
  "/describe_index_stats": "stats",
};

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

/**
 * A Pinecone data plane in memory, speaking the wire format of /vectors/*, /query and
 * /describe_index_stats (tests only). `fail` makes chosen operations answer 500 (an outage).
 */
export async function fakePinecone(opts: { pageSize?: number } = {}) {
  const store = new Map<string, Map<string, Rec>>();
  const ns = (name: string | null | undefined) => {
    const key = name ?? "";
    if (!store.has(key)) store.set(key, new Map());
    return store.get(key)!;
  };
  const calls: { op: Op; apiKey?: string; body?: any }[] = [];
  const failing = new Set<Op>();
  const matches = (m: Record<string, unknown>, f: any): boolean => {
    if (!f) return true;
    if (f.$and) return f.$and.every((x: any) => matches(m, x));
    return Object.entries(f).every(([k, cond]: [string, any]) =>
      "$eq" in cond ? m[k] === cond.$eq : (cond.$in as unknown[]).includes(m[k]),
    );
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const body = raw ? JSON.parse(raw) : undefined;
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      const op = OPS[url.pathname];
      if (!op) return send(404, { message: "not found" });
      calls.push({ op, apiKey: req.headers["api-key"] as string | undefined, body });
      if (failing.has(op)) return send(500, { code: 13, message: "Internal error" });
      if (op === "upsert") {
        for (const v of body.vectors) ns(body.namespace).set(v.id, v);
        return send(200, { upsertedCount: body.vectors.length });
      }
      if (op === "query") {
        const q: number[] = body.vector;
        const qn = Math.sqrt(q.reduce((s, x) => s + x * x, 0));
        const cos = (a: number[]) => a.reduce((s, x, i) => s + x * q[i], 0) / (Math.sqrt(a.reduce((s, x) => s + x * x, 0)) * qn);
        const hits = [...ns(body.namespace).values()]
          .filter((r) => matches(r.metadata, body.filter))
          .map((r) => ({ id: r.id, score: cos(r.values), values: [], ...(body.includeMetadata ? { metadata: r.metadata } : {}) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, body.topK);
        return send(200, { matches: hits, namespace: body.namespace ?? "", usage: { readUnits: 1 } });
      }
      if (op === "fetch") {
        const ids = url.searchParams.getAll("ids");
        const space = ns(url.searchParams.get("namespace"));
        const vectors = Object.fromEntries(ids.filter((id) => space.has(id)).map((id) => [id, space.get(id)]));
        return send(200, { vectors, namespace: url.searchParams.get("namespace") ?? "" });
      }
      if (op === "delete") {
        for (const id of body.ids ?? []) ns(body.namespace).delete(id);
        return send(200, {});
      }
      if (op === "list") {
        const limit = Math.min(Number(url.searchParams.get("limit") ?? 100), opts.pageSize ?? 100);
        const ids = [...ns(url.searchParams.get("namespace")).keys()].sort();
        const start = Number(url.searchParams.get("paginationToken") ?? 0);
        const next = start + limit < ids.length ? String(start + limit) : undefined;
        return send(200, {
          vectors: ids.slice(start, start + limit).map((id) => ({ id })),
          ...(next ? { pagination: { next } } : {}),
          namespace: "",
        });
      }
      const namespaces = Object.fromEntries([...store].map(([k, v]) => [k, { vectorCount: v.size }]));
      send(200, { namespaces, dimension: 3072, indexFullness: 0, totalVectorCount: [...store.values()].reduce((s, v) => s + v.size, 0) });
    });
  });
  const host = await listen(server);
  return {
    host,
    calls,
    ids: (namespace = "") => [...ns(namespace).keys()],
    record: (id: string, namespace = "") => ns(namespace).get(id),
    fail: (...ops: Op[]) => ops.forEach((o) => failing.add(o)),
    recover: () => failing.clear(),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

// In-process int8 copy of every vector, scanned in full for each query (ADR 015).
//
// Each document vector is quantised with its own scale (127 / max |v_i|) to one signed byte a
// coordinate; the query is quantised to int16 (more precision costs nothing: the kernel widens
// bytes to int16 anyway). The WebAssembly SIMD kernel computes every integer dot product exactly,
// so the only error left is the documents' rounding: scores are within ~1e-3 of the float cosine
// (the tests bound it), which is why the caller re-ranks the best few dozen by exact cosine in SQL.
//
// No approximate pre-selection: every document is scored, so recall does not fall as the library
// grows; only time does, linearly (a memory-bound pass over 3 KB a document at 3,072 dimensions).

import { createInt8Kernel, type Int8Kernel } from "./int8-kernel";

export interface SlotKeys {
  type: string;
  technique: string | null;
  exampleType: string | null;
}

export interface ScoredId {
  id: string;
  /** Approximate cosine similarity. */
  score: number;
}

const PAGE_BYTES = 65536;
const INT32_MAX = 2 ** 31 - 1;

function roundUp(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}

/** True when `a` ranks before `b`: higher score, then smaller id (the SQL path's order). */
function before(scoreA: number, idA: string, scoreB: number, idB: string): boolean {
  return scoreA > scoreB || (scoreA === scoreB && idA < idB);
}

export class Int8VectorStore {
  readonly dims: number;
  /** Bytes a document takes in the kernel's memory: dims rounded up to the kernel's 16. */
  private readonly row: number;
  /** Largest query magnitude for which no int32 sum can overflow: Σ|q_i·x_i| ≤ row·127·qMax. */
  private readonly qMax: number;
  private readonly kernel: Int8Kernel;
  /** Byte offsets in the kernel's memory: query (int16), documents (int8), scores (int32). */
  private readonly qAt = 0;
  private readonly dataAt: number;
  private outAt = 0;
  private capacity = 0;
  private data!: Int8Array;
  /** Per slot: 1 / |quantised vector| (0 for a zero vector). */
  private invNorm = new Float32Array(0);
  private ids: string[] = [];
  private keys: SlotKeys[] = [];
  private slotById = new Map<string, number>();
  /**
   * Step 4 sends the same query vector twice (filtered, then unfiltered). Scores of the last query
   * are kept, compared by value (a copy is held, so a caller reusing one buffer is still answered
   * correctly) and dropped on any write: the second query costs a selection pass, not a scan.
   */
  private memoQuery: Float32Array | null = null;
  private memoScores = new Float32Array(0);

  constructor(dims: number, initialCapacity = 1024) {
    if (!Number.isInteger(dims) || dims < 1) throw new RangeError("dims must be a positive integer");
    this.dims = dims;
    this.row = roundUp(dims, 16);
    this.qMax = Math.min(32767, Math.floor(INT32_MAX / (this.row * 127)));
    if (this.qMax < 1) throw new RangeError(`dims ${dims} is too large for an int32 dot product`);
    this.kernel = createInt8Kernel();
    this.dataAt = roundUp(this.row * 2, 16);
    this.reserve(Math.max(1, initialCapacity));
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  /** Bytes held for the vectors (kernel memory) and per-slot scale, over the documents stored. */
  memoryBytes(): number {
    return this.kernel.memory.buffer.byteLength + this.invNorm.byteLength;
  }

  private checkDims(v: Float32Array, what: string): void {
    if (v.length !== this.dims) throw new RangeError(`${what} has ${v.length} dimensions, the store expects ${this.dims}`);
  }

  /** Grows the kernel memory so `capacity` documents fit; the document region never moves. */
  private reserve(capacity: number): void {
    const outAt = this.dataAt + capacity * this.row;
    const need = outAt + capacity * 4;
    const have = this.kernel.memory.buffer.byteLength;
    if (need > have) this.kernel.memory.grow(Math.ceil((need - have) / PAGE_BYTES));
    this.capacity = capacity;
    this.outAt = outAt;
    this.data = new Int8Array(this.kernel.memory.buffer, this.dataAt, capacity * this.row);
    const norms = new Float32Array(capacity);
    norms.set(this.invNorm.subarray(0, Math.min(this.invNorm.length, capacity)));
    this.invNorm = norms;
  }

  set(id: string, vector: Float32Array, keys: SlotKeys): void {
    this.checkDims(vector, "vector");
    this.memoQuery = null;
    let slot = this.slotById.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      // Grows by a quarter (at least 1,024): kernel memory never shrinks, and doubling a
      // 100k-document store would hold 300 MB nobody uses.
      if (slot + 1 > this.capacity) this.reserve(Math.max(slot + 1, Math.ceil(this.capacity * 1.25), this.capacity + 1024));
      this.ids.push(id);
      this.keys.push(keys);
      this.slotById.set(id, slot);
    } else {
      this.keys[slot] = keys;
    }
    this.quantiseInto(vector, slot);
  }

  private quantiseInto(v: Float32Array, slot: number): void {
    const d = this.dims;
    const base = slot * this.row;
    const data = this.data;
    data.fill(0, base, base + this.row);
    let max = 0;
    for (let i = 0; i < d; i++) max = Math.max(max, Math.abs(v[i]));
    if (!(max > 0) || !Number.isFinite(max)) {
      this.invNorm[slot] = 0;
      return;
    }
    const scale = 127 / max;
    let norm = 0;
    for (let i = 0; i < d; i++) {
      const x = Math.round(v[i] * scale);
      data[base + i] = x;
      norm += x * x;
    }
    this.invNorm[slot] = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  }

  delete(id: string): boolean {
    const slot = this.slotById.get(id);
    if (slot === undefined) return false;
    this.memoQuery = null;
    const last = this.ids.length - 1;
    if (slot !== last) {
      this.data.copyWithin(slot * this.row, last * this.row, (last + 1) * this.row);
      this.invNorm[slot] = this.invNorm[last];
      this.ids[slot] = this.ids[last];
      this.keys[slot] = this.keys[last];
      this.slotById.set(this.ids[slot], slot);
    }
    this.ids.pop();
    this.keys.pop();
    this.slotById.delete(id);
    return true;
  }

  /** Approximate cosine of `query` against every slot, in slot order (memoised, see above). */
  private scoresFor(query: Float32Array): Float32Array {
    const n = this.ids.length;
    const memo = this.memoQuery;
    if (memo && this.memoScores.length === n && sameValues(memo, query)) return this.memoScores;
    const scores = new Float32Array(n);
    let max = 0;
    for (let i = 0; i < this.dims; i++) max = Math.max(max, Math.abs(query[i]));
    if (max > 0 && Number.isFinite(max)) {
      const buffer = this.kernel.memory.buffer;
      const q = new Int16Array(buffer, this.qAt, this.row);
      q.fill(0);
      const scale = this.qMax / max;
      let qNorm = 0;
      for (let i = 0; i < this.dims; i++) {
        const x = Math.round(query[i] * scale);
        q[i] = x;
        qNorm += x * x;
      }
      this.kernel.scan(this.qAt, this.dataAt, n, this.row, this.outAt);
      const dots = new Int32Array(buffer, this.outAt, n);
      const invQ = 1 / Math.sqrt(qNorm);
      const invNorm = this.invNorm;
      for (let s = 0; s < n; s++) scores[s] = dots[s] * invNorm[s] * invQ;
    }
    this.memoQuery = Float32Array.from(query);
    this.memoScores = scores;
    return scores;
  }

  /** The `k` best slots accepted by `accept`, best first (ties: smaller id first). */
  search(query: Float32Array, k: number, accept?: (keys: SlotKeys) => boolean): ScoredId[] {
    this.checkDims(query, "query");
    const n = this.ids.length;
    if (k <= 0 || n === 0) return [];
    const scores = this.scoresFor(query);
    const ids = this.ids;
    // Fixed-size heap whose root is the weakest kept slot.
    const heap = new Int32Array(Math.min(k, n));
    let size = 0;
    const weaker = (a: number, b: number) => before(scores[b], ids[b], scores[a], ids[a]);
    for (let s = 0; s < n; s++) {
      if (accept && !accept(this.keys[s])) continue;
      if (size < heap.length) {
        let i = size++;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (!weaker(s, heap[parent])) break;
          heap[i] = heap[parent];
          i = parent;
        }
        heap[i] = s;
      } else if (weaker(heap[0], s)) {
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= size) break;
          const r = l + 1;
          const c = r < size && weaker(heap[r], heap[l]) ? r : l;
          if (!weaker(heap[c], s)) break;
          heap[i] = heap[c];
          i = c;
        }
        heap[i] = s;
      }
    }
    const out: ScoredId[] = [];
    for (let i = 0; i < size; i++) out.push({ id: ids[heap[i]], score: scores[heap[i]] });
    return out.sort((a, b) => (before(a.score, a.id, b.score, b.id) ? -1 : 1));
  }
}

function sameValues(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// In-process candidate index for the libSQL adapter's ANN path (ADR 010).
//
// Each 3072-d vector is randomly rotated with a subsampled randomised Hadamard transform
// (random sign flips, fast Walsh–Hadamard over 4096, keep the first `projectedDims` coordinates)
// and stored as a unit Float32 vector. Inner products in the projected space approximate cosine
// in the full space (Johnson–Lindenstrauss) at a fraction of the cost, so a linear scan over
// 10,000 projected vectors picks a few hundred candidates in a few milliseconds; the caller then
// re-ranks those candidates by exact cosine on the stored full vectors.
//
// Between the two, `refine` re-scores the candidates against an int8 copy of the full vector
// (asymmetric: float query × int8 document, per-vector scale), which is within ~1e-3 of the exact
// cosine, so only a couple of dozen rows need to be read back from SQL for the exact answer.

function nextPow2(n: number): number {
  let p = 1;
  while (p < n) p <<= 1;
  return p;
}

/** Deterministic ±1 signs from a 32-bit xorshift, so every process projects identically. */
function randomSigns(n: number, seed: number): Float32Array {
  const s = new Float32Array(n);
  let x = seed >>> 0 || 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    s[i] = x & 1 ? 1 : -1;
  }
  return s;
}

/** In-place unnormalised fast Walsh–Hadamard transform; length must be a power of two. */
function fwht(a: Float32Array): void {
  const n = a.length;
  for (let h = 1; h < n; h <<= 1) {
    for (let i = 0; i < n; i += h << 1) {
      for (let j = i; j < i + h; j++) {
        const x = a[j];
        const y = a[j + h];
        a[j] = x + y;
        a[j + h] = x - y;
      }
    }
  }
}

export class Projector {
  readonly inputDims: number;
  readonly projectedDims: number;
  private readonly signs: Float32Array;
  private readonly scratch: Float32Array;

  constructor(inputDims: number, projectedDims: number, seed = 0x5eed) {
    const padded = nextPow2(inputDims);
    if (projectedDims < 1 || projectedDims > padded) throw new RangeError(`projectedDims must be in 1..${padded}`);
    this.inputDims = inputDims;
    this.projectedDims = projectedDims;
    this.signs = randomSigns(padded, seed);
    this.scratch = new Float32Array(padded);
  }

  /** Writes the unit-length projection of `v` into `out` at `offset`. */
  projectInto(v: Float32Array, out: Float32Array, offset = 0): void {
    const a = this.scratch;
    a.fill(0);
    for (let i = 0; i < this.inputDims; i++) a[i] = v[i] * this.signs[i];
    fwht(a);
    let norm = 0;
    for (let i = 0; i < this.projectedDims; i++) norm += a[i] * a[i];
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let i = 0; i < this.projectedDims; i++) out[offset + i] = a[i] * inv;
  }

  project(v: Float32Array): Float32Array {
    const out = new Float32Array(this.projectedDims);
    this.projectInto(v, out);
    return out;
  }
}

// Hot loops, kept as plain functions over typed arrays with four accumulators: V8 compiles them
// to tight scalar code, and the independent sums let the CPU overlap the multiply-adds.

function scoreRows(q: Float32Array, data: Float32Array, p: number, n: number, out: Float32Array): void {
  const tail = p - (p % 4);
  for (let s = 0; s < n; s++) {
    const base = s * p;
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    for (let i = 0; i < tail; i += 4) {
      a0 += q[i] * data[base + i];
      a1 += q[i + 1] * data[base + i + 1];
      a2 += q[i + 2] * data[base + i + 2];
      a3 += q[i + 3] * data[base + i + 3];
    }
    for (let i = tail; i < p; i++) a0 += q[i] * data[base + i];
    out[s] = a0 + a1 + a2 + a3;
  }
}

function dotInt8(q: Float32Array, x: Int8Array, base: number, d: number): number {
  const tail = d - (d % 4);
  let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
  for (let i = 0; i < tail; i += 4) {
    a0 += q[i] * x[base + i];
    a1 += q[i + 1] * x[base + i + 1];
    a2 += q[i + 2] * x[base + i + 2];
    a3 += q[i + 3] * x[base + i + 3];
  }
  for (let i = tail; i < d; i++) a0 += q[i] * x[base + i];
  return a0 + a1 + a2 + a3;
}

function sameValues(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface CandidateKeys {
  type: string;
  technique: string | null;
  exampleType: string | null;
}

/** Slot-based store with swap-remove so deletes stay O(1) and the scan stays dense. */
export class CandidateIndex {
  private readonly projector: Projector;
  private data: Float32Array;
  private full: Int8Array;
  /** Per slot: 1 / (quantisation scale × norm of the dequantised vector). */
  private fullScale: Float32Array;
  private ids: string[] = [];
  private keys: CandidateKeys[] = [];
  private slotById = new Map<string, number>();
  /**
   * Step 4 sends the same query vector twice (filtered, then unfiltered). Projected scores of the
   * last query vector are kept, keyed by the array's identity and dropped on any write, so the
   * second query costs a selection pass instead of a second full scan. Compared by value (a copy
   * is kept), so a caller reusing one buffer for different queries is still answered correctly.
   */
  private memoQuery: Float32Array | null = null;
  private memoScores: Float32Array = new Float32Array(0);
  /** int8 re-scores of the memoised query by slot: the two step-4 queries share most candidates. */
  private memoRefined = new Map<number, number>();

  constructor(projector: Projector, initialCapacity = 1024) {
    this.projector = projector;
    this.data = new Float32Array(initialCapacity * projector.projectedDims);
    this.full = new Int8Array(initialCapacity * projector.inputDims);
    this.fullScale = new Float32Array(initialCapacity);
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  set(id: string, vector: Float32Array, keys: CandidateKeys): void {
    this.memoQuery = null;
    const p = this.projector.projectedDims;
    let slot = this.slotById.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      if (slot + 1 > this.fullScale.length) this.grow(Math.max(this.fullScale.length * 2, slot + 1));
      this.ids.push(id);
      this.keys.push(keys);
      this.slotById.set(id, slot);
    } else {
      this.keys[slot] = keys;
    }
    this.projector.projectInto(vector, this.data, slot * p);
    this.quantiseInto(vector, slot);
  }

  private grow(capacity: number): void {
    const p = this.projector.projectedDims;
    const d = this.projector.inputDims;
    const data = new Float32Array(capacity * p);
    data.set(this.data);
    this.data = data;
    const full = new Int8Array(capacity * d);
    full.set(this.full);
    this.full = full;
    const scale = new Float32Array(capacity);
    scale.set(this.fullScale);
    this.fullScale = scale;
  }

  private quantiseInto(v: Float32Array, slot: number): void {
    const d = this.projector.inputDims;
    let max = 0;
    for (let i = 0; i < d; i++) max = Math.max(max, Math.abs(v[i]));
    const base = slot * d;
    if (max === 0) {
      this.full.fill(0, base, base + d);
      this.fullScale[slot] = 0;
      return;
    }
    const q = 127 / max;
    let norm = 0;
    for (let i = 0; i < d; i++) {
      const x = Math.round(v[i] * q);
      this.full[base + i] = x;
      norm += x * x;
    }
    this.fullScale[slot] = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  }

  delete(id: string): boolean {
    const slot = this.slotById.get(id);
    if (slot === undefined) return false;
    this.memoQuery = null;
    const last = this.ids.length - 1;
    const p = this.projector.projectedDims;
    if (slot !== last) {
      const d = this.projector.inputDims;
      this.data.copyWithin(slot * p, last * p, (last + 1) * p);
      this.full.copyWithin(slot * d, last * d, (last + 1) * d);
      this.fullScale[slot] = this.fullScale[last];
      this.ids[slot] = this.ids[last];
      this.keys[slot] = this.keys[last];
      this.slotById.set(this.ids[slot], slot);
    }
    this.ids.pop();
    this.keys.pop();
    this.slotById.delete(id);
    return true;
  }

  /** Ids of the `k` best projected inner products among entries accepted by `accept`. */
  private scoresFor(query: Float32Array): Float32Array {
    if (this.memoQuery && this.memoScores.length === this.ids.length && sameValues(this.memoQuery, query)) {
      return this.memoScores;
    }
    const p = this.projector.projectedDims;
    const q = this.projector.project(query);
    const data = this.data;
    const n = this.ids.length;
    const scores = new Float32Array(n);
    scoreRows(q, data, p, n, scores);
    this.memoQuery = Float32Array.from(query);
    this.memoRefined = new Map();
    this.memoScores = scores;
    return scores;
  }

  search(query: Float32Array, k: number, accept?: (keys: CandidateKeys) => boolean): string[] {
    const n = this.ids.length;
    if (k <= 0 || n === 0) return [];
    const scores = this.scoresFor(query);
    // Fixed-size min-heap of (score, slot): the root is the weakest kept candidate.
    const heapScore = new Float64Array(k);
    const heapSlot = new Int32Array(k);
    let size = 0;
    for (let s = 0; s < n; s++) {
      if (accept && !accept(this.keys[s])) continue;
      const dot = scores[s];
      if (size < k) {
        let i = size++;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (heapScore[parent] <= dot) break;
          heapScore[i] = heapScore[parent];
          heapSlot[i] = heapSlot[parent];
          i = parent;
        }
        heapScore[i] = dot;
        heapSlot[i] = s;
      } else if (dot > heapScore[0]) {
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= size) break;
          const r = l + 1;
          const c = r < size && heapScore[r] < heapScore[l] ? r : l;
          if (heapScore[c] >= dot) break;
          heapScore[i] = heapScore[c];
          heapSlot[i] = heapSlot[c];
          i = c;
        }
        heapScore[i] = dot;
        heapSlot[i] = s;
      }
    }
    const out: string[] = [];
    for (let i = 0; i < size; i++) out.push(this.ids[heapSlot[i]]);
    return out;
  }

  /**
   * Re-scores `ids` by cosine against the int8 full vectors and returns the best `k`, best first.
   * Unknown ids are skipped.
   */
  refine(query: Float32Array, ids: readonly string[], k: number): string[] {
    const d = this.projector.inputDims;
    let qn = 0;
    for (let i = 0; i < d; i++) qn += query[i] * query[i];
    const invQ = qn > 0 ? 1 / Math.sqrt(qn) : 0;
    const scored: { id: string; score: number }[] = [];
    const full = this.full;
    const scale = this.fullScale;
    const memo = this.memoQuery && sameValues(this.memoQuery, query) ? this.memoRefined : null;
    for (const id of ids) {
      const slot = this.slotById.get(id);
      if (slot === undefined) continue;
      let score = memo?.get(slot);
      if (score === undefined) {
        score = dotInt8(query, full, slot * d, d) * scale[slot] * invQ;
        memo?.set(slot, score);
      }
      scored.push({ id, score });
    }
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return scored.slice(0, k).map((x) => x.id);
  }

  clear(): void {
    this.memoQuery = null;
    this.ids = [];
    this.keys = [];
    this.slotById.clear();
  }
}

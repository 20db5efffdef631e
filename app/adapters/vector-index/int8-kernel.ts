// The hot loop of the int8 scan (int8-store.ts) as a hand-assembled WebAssembly SIMD function.
// Plain typed-array JS measured ~100× slower for the same int8 dot products (10,000 × 3,072:
// 170–250 ms against 1.4–1.7 ms here), and the scan is the whole cost of a query (ADR 015).
// The module is ~150 bytes, so it is written out here rather than built by a toolchain. In WAT:
//
//   (func (export "scan") (param $q i32) (param $p i32) (param $n i32) (param $row i32) (param $out i32)
//     (local $end i32) (local $j i32) (local $a v128) (local $b v128)
//     (block (loop                                          ;; one document per turn
//       (br_if 1 (i32.eqz (local.get $n)))
//       (local.set $end (i32.add (local.get $p) (local.get $row)))
//       (local.set $j (local.get $q))
//       (local.set $a (v128.const i32x4 0 0 0 0)) (local.set $b (v128.const i32x4 0 0 0 0))
//       (loop                                                ;; 16 int8 coordinates per turn
//         (local.set $a (i32x4.add (local.get $a)
//           (i32x4.dot_i16x8_s (v128.load8x8_s (local.get $p)) (v128.load (local.get $j)))))
//         (local.set $b (i32x4.add (local.get $b)
//           (i32x4.dot_i16x8_s (v128.load8x8_s offset=8 (local.get $p)) (v128.load offset=16 (local.get $j)))))
//         (local.set $j (i32.add (local.get $j) (i32.const 32)))
//         (br_if 0 (i32.lt_u (local.tee $p (i32.add (local.get $p) (i32.const 16))) (local.get $end))))
//       (i32.store (local.get $out) (sum of the four lanes of (i32x4.add $a $b)))
//       (local.set $out (i32.add (local.get $out) (i32.const 4)))
//       (local.set $n (i32.sub (local.get $n) (i32.const 1)))
//       (br 0))))
//
// $q: the query as int16 (row/16 × 8 lanes), $p: `n` documents of `row` int8 bytes each (row a
// positive multiple of 16), $out: one int32 dot product per document. The module exports its
// memory; the caller lays out the three regions and grows it.

const SIMD = 0xfd;
const I32 = 0x7f;
const V128 = 0x7b;
const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, depth],
  brIf: (depth: number) => [0x0d, depth],
  get: (i: number) => [0x20, i],
  set: (i: number) => [0x21, i],
  tee: (i: number) => [0x22, i],
  i32: (v: number) => [0x41, v], // small non-negative constants only (< 64): one LEB128 byte
  add: [0x6a],
  sub: [0x6b],
  eqz: [0x45],
  ltU: [0x49],
  store: [0x36, 2, 0],
  v128Load: (offset: number) => [SIMD, 0x00, 0, offset],
  load8x8s: (offset: number) => [SIMD, 0x01, 0, offset],
  v128Zero: [SIMD, 0x0c, ...new Array<number>(16).fill(0)],
  lane: (i: number) => [SIMD, 0x1b, i],
  i32x4Add: [SIMD, 0xae, 0x01],
  dot: [SIMD, 0xba, 0x01],
};

// Locals: 0 q, 1 p, 2 n, 3 row, 4 out (params); 5 end, 6 j, 7 a, 8 b.
const [Q, P, N, ROW, OUT, END, J, A, B] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

function body(): number[] {
  const code = [
    ...op.block,
    ...op.loop,
    ...op.get(N),
    ...op.eqz,
    ...op.brIf(1),
    ...op.get(P),
    ...op.get(ROW),
    ...op.add,
    ...op.set(END),
    ...op.get(Q),
    ...op.set(J),
    ...op.v128Zero,
    ...op.set(A),
    ...op.v128Zero,
    ...op.set(B),
    ...op.loop,
    ...op.get(A),
    ...op.get(P),
    ...op.load8x8s(0),
    ...op.get(J),
    ...op.v128Load(0),
    ...op.dot,
    ...op.i32x4Add,
    ...op.set(A),
    ...op.get(B),
    ...op.get(P),
    ...op.load8x8s(8),
    ...op.get(J),
    ...op.v128Load(16),
    ...op.dot,
    ...op.i32x4Add,
    ...op.set(B),
    ...op.get(J),
    ...op.i32(32),
    ...op.add,
    ...op.set(J),
    ...op.get(P),
    ...op.i32(16),
    ...op.add,
    ...op.tee(P),
    ...op.get(END),
    ...op.ltU,
    ...op.brIf(0),
    ...op.end,
    ...op.get(OUT),
    ...op.get(A),
    ...op.get(B),
    ...op.i32x4Add,
    ...op.tee(A),
    ...op.lane(0),
    ...op.get(A),
    ...op.lane(1),
    ...op.add,
    ...op.get(A),
    ...op.lane(2),
    ...op.add,
    ...op.get(A),
    ...op.lane(3),
    ...op.add,
    ...op.store,
    ...op.get(OUT),
    ...op.i32(4),
    ...op.add,
    ...op.set(OUT),
    ...op.get(N),
    ...op.i32(1),
    ...op.sub,
    ...op.set(N),
    ...op.br(0),
    ...op.end,
    ...op.end,
    ...op.end,
  ];
  const locals = [2, 2, I32, 2, V128];
  return [...leb(locals.length + code.length), ...locals, ...code];
}

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

function section(id: number, content: number[]): number[] {
  return [id, ...leb(content.length), ...content];
}

function name(s: string): number[] {
  return [s.length, ...Array.from(s, (c) => c.charCodeAt(0))];
}

function moduleBytes(): Uint8Array<ArrayBuffer> {
  const fn = body();
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0x00, 1]),
    ...section(7, [2, ...name("scan"), 0x00, 0, ...name("memory"), 0x02, 0]),
    ...section(10, [1, ...fn]),
  ]);
}

export interface Int8Kernel {
  memory: WebAssembly.Memory;
  /** See the WAT above; all addresses are byte offsets into `memory`. */
  scan(q: number, p: number, n: number, row: number, out: number): void;
}

let compiled: WebAssembly.Module | null = null;

function instantiate(module: WebAssembly.Module): Int8Kernel {
  const exports = new WebAssembly.Instance(module, {}).exports as unknown as Int8Kernel;
  return { memory: exports.memory, scan: exports.scan };
}

/** A fresh instance (own memory) of the kernel; the module is compiled once per process. */
export function createInt8Kernel(): Int8Kernel {
  if (!compiled) {
    compiled = new WebAssembly.Module(moduleBytes());
    // V8 first runs WebAssembly in its baseline tier: the first scans of 10,000 documents took
    // 125–290 ms instead of ~1.5. A couple of hundred tiny scans (~2 ms) get the optimising tier
    // compiled before the first real query (measured: first real scan 6–27 ms after this).
    const warm = instantiate(compiled);
    for (let i = 0; i < 200; i++) warm.scan(0, 8192, 4, 3072, 8192 + 4 * 3072);
  }
  return instantiate(compiled);
}

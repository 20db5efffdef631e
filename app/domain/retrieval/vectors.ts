/** Cosine similarity; inputs need not be normalised. Zero vectors score 0. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** Little-endian float32 bytes, the layout of libSQL's F32_BLOB and OpenAI's base64 embeddings. */
export function float32ToBytes(v: Float32Array): Uint8Array {
  const out = new Uint8Array(v.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < v.length; i++) view.setFloat32(i * 4, v[i], true);
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export function bytesToFloat32(bytes: Uint8Array | ArrayBuffer): Float32Array {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const n = Math.floor(u8.byteLength / 4);
  const out = new Float32Array(n);
  if (LITTLE_ENDIAN) {
    // One memcpy instead of a DataView read a value: index builds convert every stored vector.
    new Uint8Array(out.buffer).set(u8.subarray(0, n * 4));
    return out;
  }
  const view = new DataView(u8.buffer, u8.byteOffset, n * 4);
  for (let i = 0; i < n; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/**
 * Like bytesToFloat32, but without a copy when the bytes can be read in place (little-endian host,
 * 4-byte aligned): for callers that only read the vector before the buffer is reused.
 */
export function float32View(bytes: ArrayBuffer): Float32Array {
  return LITTLE_ENDIAN && bytes.byteLength % 4 === 0 ? new Float32Array(bytes) : bytesToFloat32(bytes);
}

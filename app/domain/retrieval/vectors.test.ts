import { bytesToFloat32, cosine, float32ToBytes, float32View } from "./vectors";

describe("float32 bytes", () => {
  it("round-trips through little-endian bytes, from any offset, ignoring a partial trailing value", () => {
    const v = Float32Array.from([0, -1.5, 3.25e-8, 1e30, -0]);
    const bytes = float32ToBytes(v);
    expect(Array.from(bytes.subarray(4, 8))).toEqual([0x00, 0x00, 0xc0, 0xbf]);
    expect(Array.from(bytesToFloat32(bytes))).toEqual(Array.from(v));
    expect(Array.from(bytesToFloat32(bytes.buffer as ArrayBuffer))).toEqual(Array.from(v));
    // Unaligned view with two stray bytes at the end (a blob inside a larger buffer).
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 1);
    expect(Array.from(bytesToFloat32(shifted.subarray(1, bytes.length + 3)))).toEqual(Array.from(v));
  });

  it("reads a blob in place when it can, and copies when it has a partial trailing value", () => {
    const v = Float32Array.from([1.25, -2, 7e-3]);
    const bytes = float32ToBytes(v);
    expect(Array.from(float32View(bytes.buffer as ArrayBuffer))).toEqual(Array.from(v));
    const odd = new Uint8Array(bytes.length + 1);
    odd.set(bytes);
    expect(Array.from(float32View(odd.buffer))).toEqual(Array.from(v));
  });

  it("cosine of zero vectors is 0", () => {
    expect(cosine(new Float32Array(3), Float32Array.from([1, 2, 3]))).toBe(0);
    expect(cosine(Float32Array.from([1, 0]), Float32Array.from([2, 0]))).toBeCloseTo(1, 10);
  });
});

/**
 * Draws the starter library's pictures into public/library/, one PNG per `/library/…-WxH.png` path
 * the seed blueprints use (db/seed/blueprints), so the seeded examples show images served by the
 * app itself, offline. Deterministic: the same name always gives the same picture (a soft diagonal
 * gradient with a sun and two hills, its colours taken from the name). Existing files are redrawn.
 *
 *   npm run library:images
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";

const SEEDS = path.resolve("db/seed/blueprints");
const OUT = path.resolve("public/library");

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An 8-bit RGB PNG; every row uses the Sub filter, which makes smooth gradients compress well. */
export function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    raw[o] = 1;
    for (let x = 0; x < stride; x++) {
      const v = rgb[y * stride + x]!;
      const left = x >= 3 ? rgb[y * stride + x - 3]! : 0;
      raw[o + 1 + x] = (v - left) & 0xff;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function hsl(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** A landscape-ish picture: diagonal gradient, a pale sun, a far and a near hill. */
export function drawPicture(name: string, width: number, height: number): Uint8Array {
  const hue = [...name].reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) % 360, 7);
  const from = hsl(hue, 0.55, 0.74);
  const to = hsl((hue + 50) % 360, 0.5, 0.46);
  const far = hsl((hue + 30) % 360, 0.3, 0.42);
  const near = hsl((hue + 40) % 360, 0.35, 0.3);
  const sun = { x: width * 0.76, y: height * 0.3, r: Math.min(width, height) * 0.18 };
  const out = new Uint8Array(width * height * 3);
  const mix = (a: number[], b: number[], t: number) => a.map((v, i) => v + (b[i]! - v) * t);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      let c = mix(from, to, t);
      const d = Math.hypot(x - sun.x, y - sun.y);
      if (d < sun.r) c = mix(c, [255, 255, 255], 0.3);
      const fx = x / width;
      const farTop = height * (0.62 - 0.16 * Math.sin(fx * Math.PI * 1.3 + 0.4));
      const nearTop = height * (0.8 - 0.12 * Math.sin(fx * Math.PI * 2.1 + 1.7));
      if (y > farTop) c = mix(c, far, 0.55);
      if (y > nearTop) c = mix(c, near, 0.7);
      const o = (y * width + x) * 3;
      out[o] = Math.round(c[0]!);
      out[o + 1] = Math.round(c[1]!);
      out[o + 2] = Math.round(c[2]!);
    }
  }
  return out;
}

/** Every `/library/<name>-<w>x<h>.png` the seed blueprints use. */
export function seedImagePaths(): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(SEEDS).filter((f) => f.endsWith(".json"))) {
    for (const m of readFileSync(path.join(SEEDS, file), "utf8").matchAll(/"(\/library\/[a-z0-9-]+-\d+x\d+\.png)"/g)) found.add(m[1]!);
  }
  return [...found].sort();
}

function main(): void {
  mkdirSync(OUT, { recursive: true });
  let bytes = 0;
  const paths = seedImagePaths();
  for (const p of paths) {
    const [, w, h] = /-(\d+)x(\d+)\.png$/.exec(p)!;
    const png = encodePng(Number(w), Number(h), drawPicture(path.basename(p), Number(w), Number(h)));
    writeFileSync(path.join("public", p), png);
    bytes += png.length;
  }
  console.log(`${paths.length} pictures in ${path.relative(process.cwd(), OUT)} (${Math.round(bytes / 1024)} KB)`);
}

main();

// How the layer rules (eslint.config.js) find the file an import names: `~/x` is app/x (the
// tsconfig path), relative paths are resolved from the importing file, and TypeScript's extensions
// are tried as tsc does. A package name is left unresolved, and the boundaries plugin then treats
// it as external by its name ("zod", "drizzle-orm/sqlite-core"), which is all the rules need.
// (An import resolver in the format eslint-module-utils loads: interfaceVersion 2.)
const fs = require("node:fs");
const path = require("node:path");
const { isBuiltin } = require("node:module");

const APP = path.join(__dirname, "app");
const CANDIDATES = ["", ".ts", ".tsx", ".js", ".cjs", ".mjs", ".json", "/index.ts", "/index.tsx", "/index.js"];

function isFile(p) {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  if (isBuiltin(source)) return { found: true, path: null };
  let base;
  if (source.startsWith("~/")) base = path.join(APP, source.slice(2));
  else if (source.startsWith(".")) base = path.resolve(path.dirname(file), source);
  else return { found: false };
  for (const suffix of CANDIDATES) if (isFile(base + suffix)) return { found: true, path: base + suffix };
  return { found: false };
};

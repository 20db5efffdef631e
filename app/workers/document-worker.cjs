"use strict";
// Entry of the document worker when it runs from the sources (tests): registers tsx and loads the
// TypeScript message loop. The build runs its own bundle of it (<build>/server/document-worker.js).
const path = require("node:path");
const { register } = require("tsx/cjs/api");

// The `~/` imports resolve through the project's tsconfig wherever the process was started.
process.env.TSX_TSCONFIG_PATH = path.resolve(__dirname, "../../tsconfig.json");
register();
require("./document-worker.ts");

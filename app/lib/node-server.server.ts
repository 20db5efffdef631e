// The HTTP server around the Remix build, shared by `npm start` and the test servers.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import type { Logger } from "./logger.server";

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface KineticBuild extends ServerBuild {
  entry: ServerBuild["entry"] & {
    module: ServerBuild["entry"]["module"] & {
      bootstrap: typeof import("./bootstrap.server").bootstrap;
      getApp: typeof import("./app.server").getApp;
      adapterSummary: typeof import("./composition.server").adapterSummary;
    };
  };
}

export function loadBuild(buildDir: string): KineticBuild {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.resolve(buildDir, "index.js")) as KineticBuild;
}

export function createHttpServer(build: KineticBuild, buildDir: string, logger: Logger): http.Server {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");

  // Every response carries a request id, and every log line of that request names it.
  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("x-request-id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    next();
  });

  const clientDir = fs.existsSync(path.join(buildDir, "client")) ? path.join(buildDir, "client") : path.resolve("public/build");
  app.use("/build", express.static(clientDir, { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.resolve("public"), { maxAge: "1h" }));

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: (_req, res) => ({ requestId: res.locals.requestId as string }),
    }),
  );
  return http.createServer(app);
}

// The table the server uses to call JSON API routes without going through Remix's document
// router (ADR 011). It is derived from the Remix build, so the route files stay the only place a
// route is declared, and it matches exactly as Remix's router does: the same path patterns
// (case-insensitive, trailing slashes ignored, `:param` and `*` splat), the same ranking, the
// same decoding of params. What differs is that the patterns are compiled once instead of on every
// request; test/integration/api-routes.test.ts checks the results against @remix-run/router itself.
import type { ServerBuild } from "@remix-run/node";

type RouteModule = ServerBuild["routes"][string]["module"];
type Handler = NonNullable<RouteModule["loader"]>;

export interface ApiRoute {
  id: string;
  /** The full path pattern, e.g. `/api/sends/:id/events`. */
  path: string;
  loader?: Handler;
  action?: Handler;
  matcher: RegExp;
  params: Array<{ name: string; optional: boolean }>;
  score: number;
}

export interface ApiMatch {
  route: ApiRoute;
  params: Record<string, string | undefined>;
}

// Remix's ranking weights (@remix-run/router computeScore).
const PARAM = /^:[\w-]+$/;
const DYNAMIC = 3;
const STATIC = 10;
const EMPTY = 1;
const SPLAT_PENALTY = -2;
const INDEX = 2;
const isSplat = (s: string) => s === "*";

function computeScore(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length + (segments.some(isSplat) ? SPLAT_PENALTY : 0) + (index ? INDEX : 0);
  for (const s of segments) {
    if (isSplat(s)) continue;
    score += PARAM.test(s) ? DYNAMIC : s === "" ? EMPTY : STATIC;
  }
  return score;
}

/** The pattern compiled as @remix-run/router's compilePath does for a leaf route (end = true). */
function compilePath(path: string): { matcher: RegExp; params: ApiRoute["params"] } {
  const params: ApiRoute["params"] = [];
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:([\w-]+)(\?)?/g, (_, name: string, optional?: string) => {
        params.push({ name, optional: optional != null });
        return optional ? "/?([^\\/]+)?" : "/([^\\/]+)";
      });
  if (path.endsWith("*")) {
    params.push({ name: "*", optional: false });
    source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  } else {
    source += "\\/*$";
  }
  return { matcher: new RegExp(source, "i"), params };
}

function decodePath(value: string): string {
  try {
    return value
      .split("/")
      .map((v) => decodeURIComponent(v).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return value;
  }
}

/** Whether the server should try the API table for this pathname at all. */
export function isApiPath(pathname: string): boolean {
  return /^\/api(\/|$)/i.test(pathname);
}

/** A route's full path as Remix's router joins it: its ancestors' paths, then its own. */
function fullPath(build: Pick<ServerBuild, "routes">, id: string): string {
  const parts: string[] = [];
  let route: ServerBuild["routes"][string] | undefined = build.routes[id];
  for (; route; route = route.parentId ? build.routes[route.parentId] : undefined) parts.unshift(route.path ?? "");
  return ("/" + parts.join("/")).replace(/\/\/+/g, "/");
}

/**
 * The resource routes (no component) whose full path starts with `/api`, nested ones included
 * (`api.sends.$id.events` lives under `api.sends.$id`). Ordered as Remix ranks them: higher score
 * first, build order among equals.
 */
export function apiRoutesFrom(build: Pick<ServerBuild, "routes">): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const entry of Object.values(build.routes)) {
    if (entry.path == null && !entry.index) continue; // a pathless layout matches nothing alone
    const path = fullPath(build, entry.id);
    if (!isApiPath(path.replace(/\/\*$/, ""))) continue;
    if (entry.module.default != null || entry.module.ErrorBoundary != null) continue;
    routes.push({ id: entry.id, path, loader: entry.module.loader, action: entry.module.action, ...compilePath(path), score: computeScore(path, Boolean(entry.index)) });
  }
  return routes
    .map((route, order) => ({ route, order }))
    .sort((a, b) => b.route.score - a.route.score || a.order - b.order)
    .map(({ route }) => route);
}

/** The route Remix would pick for this pathname, with its params; null when none of the table matches. */
export function matchApiRoute(routes: ApiRoute[], pathname: string): ApiMatch | null {
  const decoded = decodePath(pathname);
  for (const route of routes) {
    const match = route.matcher.exec(decoded);
    if (!match) continue;
    const params: ApiMatch["params"] = {};
    route.params.forEach(({ name, optional }, i) => {
      const value = match[i + 1];
      params[name] = optional && !value ? undefined : (value || "").replace(/%2F/g, "/");
    });
    return { route, params };
  }
  return null;
}

// A small browser for page tests: keeps cookies, sends forms, and reads the CSRF token a page
// renders. Requests look same-origin unless told otherwise: `Origin` is BASE_URL's origin and
// `X-Forwarded-Host` names BASE_URL's host, as a reverse proxy in front of the server would (the
// test server listens on a random port of 127.0.0.1, while BASE_URL stays its default).
import fs from "node:fs";
import path from "node:path";
import type { TestServer } from "./server";
import { routeFileToUrl } from "./routes";

export interface PostOptions {
  /** `Origin` to send; null sends none. Defaults to BASE_URL's origin. */
  origin?: string | null;
  headers?: Record<string, string>;
}

export class PageClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly server: TestServer) {}

  get appOrigin(): string {
    return new URL(this.server.app.env.BASE_URL).origin;
  }

  private headers(extra: Record<string, string> = {}): Headers {
    const headers = new Headers({ "X-Forwarded-Host": new URL(this.server.app.env.BASE_URL).host, Accept: "text/html", ...extra });
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    return headers;
  }

  private keep(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (gone || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.keep(await fetch(this.server.url + pathname, { headers: this.headers(headers), redirect: "manual" }));
  }

  /** A page's HTML and the CSRF token its forms carry. */
  async page(pathname: string): Promise<{ res: Response; html: string; csrf: string }> {
    const res = await this.get(pathname);
    const html = await res.text();
    return { res, html, csrf: csrfTokenIn(html) };
  }

  async post(pathname: string, form: Record<string, string>, opts: PostOptions = {}): Promise<Response> {
    const origin = opts.origin === undefined ? this.appOrigin : opts.origin;
    const headers = this.headers({
      "Content-Type": "application/x-www-form-urlencoded",
      ...(origin ? { Origin: origin } : {}),
      ...opts.headers,
    });
    return this.keep(
      await fetch(this.server.url + pathname, { method: "POST", headers, body: new URLSearchParams(form).toString(), redirect: "manual" }),
    );
  }

  /** Signs in through the sign-in form; returns its response (302 on success). */
  async signIn(
    email: string,
    password: string,
    extra: Record<string, string> = {},
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const { csrf } = await this.page("/login");
    return this.post("/login", { _csrf: csrf, email, password, ...extra }, { headers });
  }
}

/** The value of the first `_csrf` hidden input in a page. */
export function csrfTokenIn(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error("the page has no CSRF field");
  return match[1];
}

export interface PageActionRoute {
  id: string;
  /** URL with every dynamic segment filled in. */
  url: string;
  index: boolean;
}

/**
 * Every page route file (not /api) whose module exports an action, read from app/routes, so a
 * route added later is covered without editing the tests.
 */
export function listPageActionRoutes(routesDir = path.resolve("app/routes")): PageActionRoute[] {
  return fs
    .readdirSync(routesDir)
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith("api."))
    .filter((f) => /^export\s+(async\s+)?(const|function)\s+action\b/m.test(fs.readFileSync(path.join(routesDir, f), "utf8")))
    .map((f) => ({ id: `routes/${f.replace(/\.tsx?$/, "")}`, url: routeFileToUrl(f), index: /(^|\.)_index\.tsx?$/.test(f) }));
}

/** The three ways a page action is reached: a document post, a single-fetch `.data` post, a `?_data=` post. */
export function actionUrls(route: PageActionRoute): Array<{ kind: string; url: string }> {
  const index = route.index ? "index" : "";
  const dataPath = route.url === "/" ? "/_root.data" : `${route.url}.data`;
  return [
    { kind: "document", url: route.url + (index ? "?index" : "") },
    { kind: ".data", url: dataPath + (index ? "?index" : "") },
    { kind: "_data", url: `${route.url}?${index ? "index&" : ""}_data=${encodeURIComponent(route.id)}` },
  ];
}

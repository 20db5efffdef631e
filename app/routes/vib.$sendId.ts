// View in browser: the email as the recipient got it. The HTML is untrusted (generated, and may
// carry anything), so it is served under `Content-Security-Policy: sandbox`: a unique opaque
// origin, no scripts, no forms, no access to the app's cookies (docs/conventions.md rule 11).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getApp } from "~/composition/app.server";
import { getSentHtml } from "~/services/send-views.server";

const SANDBOXED = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "sandbox",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

const NOT_FOUND = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Email not found</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>Email not found</h1><p>This link does not match an email we sent. It may be mistyped.</p></body></html>`;

export async function loader({ params }: LoaderFunctionArgs) {
  const app = await getApp();
  const html = await getSentHtml(app, params.sendId ?? "");
  if (html === null) return new Response(NOT_FOUND, { status: 404, headers: { ...SANDBOXED, "Cache-Control": "no-store" } });
  return new Response(html, { status: 200, headers: { ...SANDBOXED, "Cache-Control": "private, max-age=300" } });
}

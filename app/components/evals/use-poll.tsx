import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Re-runs the page's loaders every `ms` while `active` (e.g. a run is `running`), skipping a beat
 * while a revalidation is still in flight or the tab is hidden. Without JavaScript the page
 * refreshes itself instead (<NoScriptRefresh/>).
 */
export function usePollWhile(active: boolean, ms = 1500) {
  const revalidator = useRevalidator();
  const state = useRef(revalidator.state);
  state.current = revalidator.state;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state.current === "idle" && document.visibilityState === "visible") revalidate.current();
    }, ms);
    return () => clearInterval(timer);
  }, [active, ms]);
}

/** Without JavaScript, a page showing a running run reloads itself every few seconds. */
export function NoScriptRefresh({ active, seconds = 4 }: { active: boolean; seconds?: number }) {
  if (!active) return null;
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(seconds)} />
    </noscript>
  );
}

import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { keepTypedBeforeHydration } from "~/components/typed-before-hydration";

// The page was usable before this ran: keep what was typed into it until React has hydrated.
keepTypedBeforeHydration();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

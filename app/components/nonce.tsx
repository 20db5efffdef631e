// The per-response script nonce (entry.server.tsx puts it in the Content-Security-Policy). Only
// the server render knows it; in the browser the value is hidden from scripts, so hydration reads
// an empty nonce, which React accepts as matching the rendered attribute.
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = (): string | undefined => useContext(NonceContext);

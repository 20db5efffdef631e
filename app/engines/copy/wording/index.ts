import type { FrameLanguage } from "~/domain/prompt/facts";
import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { it } from "./it";
import { pt } from "./pt";
import type { Wording } from "./types";

export { FAMILY, type Family, type Wording } from "./types";

export const WORDING: Record<FrameLanguage, Wording> = { en, fr, es, de, pt, it };

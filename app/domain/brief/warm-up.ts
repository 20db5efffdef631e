import { readBrief } from "~/domain/reader";

/**
 * Loads what the brief reader loads at its first read (chrono-node's parsers, the cue lexicons,
 * the word segmenters) by reading one prompt, so the first real prompt does not pay for it. The
 * server calls this right after it starts listening.
 */
export function warmUpBriefReader(): void {
  readBrief("Warm-up: a carousel for Acme Coffee with Ethiopia Yirgacheffe $18, 20% off with code WARM until May 3.");
}

/** The score bands the builder shows beside a QA score; QA's caps are set against them. Kept free of imports for client code. */

/** From this score up the builder says "Ready to send". */
export const READY_TO_SEND_MIN_SCORE = 90;
/** From this score up (below "Ready to send"): "Good, with fixes to consider"; below it, "Needs work". */
export const GOOD_MIN_SCORE = 70;

/** The sample recipient of the builder's "as sent" downloads: a reserved domain, so nothing reaches anyone. */
export const SAMPLE_RECIPIENT = "recipient@example.com";

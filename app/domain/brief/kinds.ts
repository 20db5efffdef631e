// The brief's fixed vocabularies, kept apart from the reader so client code (the builder page reads
// EMAIL_TYPES and FRAME_LANGUAGES) can import them without the NLP libraries.

export const EMAIL_TYPES = [
  "ecommerce",
  "newsletter",
  "event",
  "onboarding",
  "announcement",
  "restaurant",
  "education",
  "feedback",
  "travel",
  "nonprofit",
  "transactional",
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

export const TONES = ["friendly", "playful", "formal", "luxury", "urgent", "warm", "bold", "minimal"] as const;
export type Tone = (typeof TONES)[number];

/** Languages the local copy engine writes its fixed phrases (buttons, headings, footer) in. */
export const FRAME_LANGUAGES = ["en", "fr", "es", "de", "pt", "it"] as const;
export type FrameLanguage = (typeof FRAME_LANGUAGES)[number];

export {
  resolveWorkspacePlaceholders,
  senderValueMap,
  resolveSenderPlaceholders,
  SENDER_PLACEHOLDERS,
  recipientPlaceholders,
  recipientHash,
  recipientValueMap,
  RECIPIENT_PLACEHOLDER,
} from "./placeholders";
export type { WorkspaceValues, RecipientValues, SenderValues } from "./placeholders";
export { absolutizeImageUrls } from "./urls";
export { attributionBanner, attributionBannerAmp } from "./banner";
export { htmlToText } from "./text";
export { buildMime } from "./build";
export type { Address, BuildMimeInput, BuiltMime } from "./build";
export { canonicalLineBreaks, compilePart, fillPart, transferEncodingFor } from "./part-template";
export type { EncodedBody, PartTemplate, TransferEncoding } from "./part-template";

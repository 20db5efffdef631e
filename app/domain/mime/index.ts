export { resolveWorkspacePlaceholders, recipientPlaceholders, recipientHash } from "./placeholders";
export type { WorkspaceValues, RecipientValues } from "./placeholders";
export { absolutizeImageUrls } from "./urls";
export { attributionBanner, attributionBannerAmp } from "./banner";
export { htmlToText } from "./text";
export { buildMime, transferEncodingFor } from "./build";
export type { Address, BuildMimeInput, BuiltMime, TransferEncoding } from "./build";

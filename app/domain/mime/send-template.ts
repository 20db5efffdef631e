import { isSurveyAction } from "../answers/placeholder";
import { attributionBanner, attributionBannerAmp } from "./banner";
import { compilePart, transferEncodingFor, type PartTemplate } from "./part-template";
import { recipientPattern, resolveWorkspacePlaceholders, type WorkspaceValues } from "./placeholders";
import { htmlToText } from "./text";
import { absolutizeImageUrls } from "./urls";

/**
 * A send's parts with everything but the recipient's values done: workspace placeholders,
 * absolute image URLs, the banner, the text part and each part's transfer encoding. Campaigns send
 * the same HTML to many recipients one request at a time, so the service keeps recent ones and
 * each send only fills in its recipient's values (fillPart).
 */
export interface SendTemplate {
  html: PartTemplate;
  ampHtml?: PartTemplate;
  text: PartTemplate;
  /**
   * The distinct answer addresses of the parts, each signed per send: the answer-link placeholders
   * (`ANSWER_URL:…`) and the AMP survey form's action URL.
   */
  answerNames: string[];
}

export interface SendTemplateInput {
  html: string;
  ampHtml?: string;
  workspace: WorkspaceValues;
  baseUrl: string;
  brand: string;
  /** The sender shown in the attribution banner; null when the sender writes to themselves. */
  bannerSender: string | null;
}

function compile(doc: string): PartTemplate {
  return compilePart(doc, recipientPattern(doc), transferEncodingFor(doc));
}

export function compileSendTemplate(input: SendTemplateInput): SendTemplate {
  const prepare = (doc: string) =>
    absolutizeImageUrls(doc.includes("{{") ? resolveWorkspacePlaceholders(doc, input.workspace) : doc, input.baseUrl);
  let html = prepare(input.html);
  let ampHtml = input.ampHtml ? prepare(input.ampHtml) : undefined;
  if (input.bannerSender) {
    html = attributionBanner(html, input.bannerSender, input.brand);
    if (ampHtml) ampHtml = attributionBannerAmp(ampHtml, input.bannerSender, input.brand);
  }
  const parts = { html: compile(html), ampHtml: ampHtml ? compile(ampHtml) : undefined, text: compile(htmlToText(html)) };
  const answerNames = new Set<string>();
  for (const part of [parts.html, parts.ampHtml, parts.text])
    for (const name of part?.names ?? []) if (name.startsWith("ANSWER_URL:") || isSurveyAction(name)) answerNames.add(name);
  return { ...parts, answerNames: [...answerNames] };
}

/**
 * The email-markup contract with the webmail clients that cannot run the :checked modules
 * (docs/email-markup.md): how Gmail and Outlook.com rewrite an email, and the rules that then hide
 * a module's interactive block and show its static fallback. The renderer writes these rules, the
 * auto-fix adds them when an email lacks them, and the QA check and the webmail simulation read
 * them from here, so the four cannot drift apart.
 */

/** The classes every module carries on its interactive block and on its static fallback. */
export const MODULE_CLASSES = { interactive: "kx-int", fallback: "kx-fb" } as const;

/**
 * Gmail turns the doctype and <body> into `<u></u><div class="body">` (only when there was a
 * doctype), so a rule under `u + .body` applies in Gmail alone. <body> must carry the class.
 */
export const GMAIL_BODY_CLASS = "body";
export const GMAIL_PREFIX = `u + .${GMAIL_BODY_CLASS}`;

/** Outlook.com renames every class in the markup to `x_<name>` and leaves the CSS alone. */
export function outlookComClass(cls: string): string {
  return `x_${cls}`;
}

const hide = "{display:none !important;max-height:0 !important}";
const show = "{display:block !important}";

/** What each client needs: the interactive block hidden, the fallback shown. */
export const WEBMAIL_FALLBACK_RULES = {
  gmail: [`${GMAIL_PREFIX} .${MODULE_CLASSES.interactive}${hide}`, `${GMAIL_PREFIX} .${MODULE_CLASSES.fallback}${show}`],
  outlookCom: [
    `[class~="${outlookComClass(MODULE_CLASSES.interactive)}"]${hide}`,
    `[class~="${outlookComClass(MODULE_CLASSES.fallback)}"]${show}`,
  ],
} as const;

/** A selector that only Gmail's rewritten markup matches. */
export function isGmailOverride(selector: string): boolean {
  return selector.replace(/\s+/g, "").includes(GMAIL_PREFIX.replace(/\s+/g, ""));
}

/** A selector that matches one of `classes` as Outlook.com renames them. */
export function isOutlookComOverride(selector: string, classes: readonly string[]): boolean {
  return classes.some((c) => selector.includes(outlookComClass(c)));
}

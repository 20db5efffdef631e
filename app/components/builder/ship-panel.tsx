// Part 8: a test send through the send service, .html and .eml downloads, the HTML to copy, and
// (admins) saving the version to the retrieval library after reviewing the auto-tagged fields.
import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { answerFormOf } from "~/domain/answers/placeholder";
import { SAMPLE_RECIPIENT } from "~/domain/builder/downloads";
import { ActionForm, Notice } from "./panel-ui";
import type { VersionJson } from "./version-panels";

const EMAIL = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,253}$/;
const SUPPRESSION_REASONS: Record<string, string> = {
  hard_bounce: "an earlier message bounced permanently",
  complaint: "the recipient reported an earlier message as spam",
  unsubscribe: "the recipient unsubscribed",
  manual: "an admin suppressed the address",
  soft_bounce_escalated: "repeated temporary failures",
};

function when(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  return d.toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}

function SendResult({ asks }: { asks: boolean }) {
  const [params] = useSearchParams();
  const toParam = params.get("to");
  const to = toParam && EMAIL.test(toParam) ? toParam : "the recipient";
  const sent = params.get("sent");
  if (sent && /^[A-Za-z0-9-]{1,64}$/.test(sent)) {
    return (
      <Notice kind="ok" testId="send-result" focus>
        Test sent to {to}. <Link to={`/admin/outbox/${sent}`}>See it in the outbox</Link> (admins) or in the inbox.
        {asks ? (
          <>
            {" "}
            Answer it there, then{" "}
            <Link to={`/answers?send=${sent}`} data-testid="send-answers-link">
              see this send’s answers
            </Link>
            .
          </>
        ) : null}
      </Notice>
    );
  }
  const error = params.get("send");
  if (!error) return null;
  if (error === "suppressed" || error === "cooldown") {
    const until = when(params.get("until"));
    const why = SUPPRESSION_REASONS[params.get("why") ?? ""];
    return (
      <Notice kind="error" testId="send-result" focus>
        <strong>Recipient suppressed:</strong> {to}{" "}
        {error === "cooldown" ? "had a temporary delivery failure recently" : "is on the suppression list"}
        {why ? ` (${why})` : ""}.{" "}
        {until ? `Try after ${until}.` : "Sending to this address is blocked permanently; an admin can lift it under Deliverability."}
      </Notice>
    );
  }
  const messages: Record<string, string> = {
    invalid: "Enter one email address, like name@example.com.",
    failed: "The email provider refused the message. Nothing was sent; try again in a moment.",
  };
  return (
    <Notice kind="error" testId="send-result" focus>
      {messages[error] ?? messages.failed}
    </Notice>
  );
}

function CopyHtml({ html }: { html: string }) {
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState("");
  useEffect(() => setReady(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  return (
    <div className="vp-copy">
      {ready ? (
        <button
          type="button"
          className="secondary vp-inline-button"
          data-testid="copy-html"
          onClick={() => {
            navigator.clipboard.writeText(html).then(
              () => setStatus("HTML copied to the clipboard."),
              () => setStatus("Copying was blocked by the browser; select the text below instead."),
            );
          }}
        >
          Copy HTML
        </button>
      ) : null}
      <span className="vp-copy-status" role="status" aria-live="polite">
        {status}
      </span>
      <details className="vp-source">
        <summary>Show the HTML source</summary>
        <label htmlFor="vp-html-source">HTML source (read-only; select all and copy)</label>
        <textarea id="vp-html-source" className="code" readOnly rows={10} value={html} onFocus={(e) => e.currentTarget.select()} />
      </details>
    </div>
  );
}

/** An email that asks survey or quiz questions collects their answers from every send: where to read them. */
function AnswersLink({ html }: { html: string }) {
  const formId = answerFormOf(html);
  if (!formId) return null;
  return (
    <section className="vp-subsection" aria-labelledby="vp-answers-title">
      <h3 id="vp-answers-title">Answers</h3>
      <p className="muted">
        Its survey and quiz answers are collected from every send, test sends included, through the answer links and the AMP form.
      </p>
      <Link className="button secondary vp-inline-button" to={`/answers?version=${encodeURIComponent(formId)}`} data-testid="answers-link">
        See the results
      </Link>
    </section>
  );
}

export function ShipPanel({ version, isAdmin }: { version: VersionJson; isAdmin: boolean }) {
  const [params] = useSearchParams();
  const base = `/builder/v/${encodeURIComponent(version.id)}`;
  const saved = params.get("saved");
  return (
    <section className="vp-panel" aria-labelledby="vp-ship-title" data-testid="panel-ship">
      <h2 id="vp-ship-title">Ship</h2>

      <section className="vp-subsection vp-first" aria-labelledby="vp-send-title">
        <h3 id="vp-send-title">Send a test</h3>
        <p className="muted">
          Sent through the normal send path: suppression checks, tracking and the unsubscribe link all apply.
          {version.ampHtml ? " The AMP part is included." : ""}
        </p>
        <SendResult asks={answerFormOf(version.html) !== null} />
        <ActionForm action={`${base}/send-test`} className="vp-inline-form" label="Send a test">
          {(busy) => (
            <>
              <div className="vp-grow">
                <label htmlFor="vp-send-to">Recipient</label>
                <input id="vp-send-to" name="to" type="email" required autoComplete="email" placeholder="you@example.com" maxLength={254} />
              </div>
              <button type="submit" disabled={busy}>
                {busy ? "Sending…" : "Send test"}
              </button>
            </>
          )}
        </ActionForm>
      </section>

      <AnswersLink html={version.html} />

      <section className="vp-subsection" aria-labelledby="vp-dl-title">
        <h3 id="vp-dl-title">Download and copy</h3>
        <h4>As sent</h4>
        <div className="vp-buttons">
          <a className="button secondary vp-inline-button" href={`${base}/download.html?as=sent`} download data-testid="download-html-sent">
            Download .html as sent
          </a>
          <a className="button secondary vp-inline-button" href={`${base}/download.eml?as=sent`} download data-testid="download-eml-sent">
            Download .eml as sent
          </a>
        </div>
        <p className="muted vp-small">
          The email as a recipient gets it, addressed to a sample recipient ({SAMPLE_RECIPIENT}): every merge tag filled in by the send
          path, your brand footer included, and the view-in-browser link opening this copy.
        </p>
        <h4>Template</h4>
        <div className="vp-buttons">
          <a className="button secondary vp-inline-button" href={`${base}/download.html`} download data-testid="download-html">
            Download .html
          </a>
          <a className="button secondary vp-inline-button" href={`${base}/download.eml`} download data-testid="download-eml">
            Download .eml
          </a>
        </div>
        <p className="muted vp-small">
          The .eml is the message the sender would build (text, {version.ampHtml ? "AMP, " : ""}HTML), addressed to you and not sent; merge
          tags such as the view-in-browser link are filled in only when it is sent.
        </p>
        <CopyHtml html={version.html} />
      </section>

      {isAdmin ? (
        <section className="vp-subsection" aria-labelledby="vp-lib-title">
          <h3 id="vp-lib-title">Save to the library</h3>
          {saved && /^[a-z]+-\d+-[A-Za-z0-9]+$/.test(saved) ? (
            <Notice kind="ok" testId="library-result" focus>
              Saved “{version.subject ?? "this email"}” to the library. <Link to={`/admin/library/${saved}`}>Open it in the library</Link>
            </Notice>
          ) : null}
          <p className="muted">
            Add this email to the retrieval library as an example. The fields are filled in by the auto-tagger for you to review first.
          </p>
          <Link className="button secondary vp-inline-button" to={`${base}/library`} data-testid="save-to-library">
            Review and save to the library
          </Link>
        </section>
      ) : null}
    </section>
  );
}

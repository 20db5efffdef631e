// Rating (1–5) and an optional comment on a version, stored with the feedback the admin page reads.
import { useSearchParams } from "@remix-run/react";
import { ActionForm, Notice } from "./panel-ui";
import type { VersionJson } from "./version-panels";

const LABELS: Record<string, string> = { "1": "Poor", "2": "Weak", "3": "OK", "4": "Good", "5": "Great" };

export function FeedbackControl({ version }: { version: VersionJson }) {
  const [params] = useSearchParams();
  const result = params.get("feedback");
  return (
    <section className="vp-feedback" aria-labelledby="vp-fb-title" data-testid="feedback">
      <h3 id="vp-fb-title">How good is this email?</h3>
      <p className="muted">Your rating helps tune generation. It is stored with this version's prompt.</p>
      {result === "saved" ? (
        <Notice kind="ok" testId="feedback-result" focus>
          Thanks, your feedback was saved.
        </Notice>
      ) : null}
      {result === "invalid" ? (
        <Notice kind="error" testId="feedback-result" focus>
          Choose a rating from 1 to 5 (the comment is optional, up to 4,000 characters).
        </Notice>
      ) : null}
      <ActionForm action={`/builder/v/${encodeURIComponent(version.id)}/feedback`} label="Feedback">
        {(busy) => (
          <>
            <fieldset className="vp-rating">
              <legend>Rating</legend>
              {["1", "2", "3", "4", "5"].map((r) => (
                <label key={r} className="vp-rating-option">
                  <input type="radio" name="rating" value={r} required />
                  <span>
                    {r} <span className="vp-rating-word">{LABELS[r]}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <label htmlFor="vp-fb-comment">Comment (optional)</label>
            <textarea id="vp-fb-comment" name="comment" rows={3} maxLength={4000} placeholder="What worked, what didn't?" />
            <button type="submit" className="secondary" disabled={busy}>
              {busy ? "Saving…" : "Send feedback"}
            </button>
          </>
        )}
      </ActionForm>
    </section>
  );
}

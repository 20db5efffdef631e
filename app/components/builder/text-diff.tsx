// Before/after of the visible text of two emails: a line diff with removed and added lines marked
// by a sign and a word (not by colour alone), long unchanged runs folded.
import { useMemo } from "react";
import { diffableLines, diffLines, diffStats, foldUnchanged } from "~/domain/builder/text-diff";
import { htmlToText } from "~/domain/mime/text";

export function TextDiff({ beforeHtml, afterHtml }: { beforeHtml: string; afterHtml: string }) {
  const { hunks, stats } = useMemo(() => {
    const lines = diffLines(diffableLines(htmlToText(beforeHtml)), diffableLines(htmlToText(afterHtml)));
    return { hunks: foldUnchanged(lines, 2), stats: diffStats(lines) };
  }, [beforeHtml, afterHtml]);

  if (stats.added === 0 && stats.removed === 0) {
    return (
      <p className="muted" data-testid="text-diff-none">
        The visible text is the same; only styling or markup changed.
      </p>
    );
  }
  return (
    <div className="vp-diff" data-testid="text-diff">
      <p className="vp-diff-stats">
        <span className="vp-diff-stat-removed">
          {stats.removed} line{stats.removed === 1 ? "" : "s"} removed
        </span>
        <span className="vp-diff-stat-added">
          {stats.added} line{stats.added === 1 ? "" : "s"} added
        </span>
      </p>
      <ol className="vp-diff-lines">
        {hunks.map((h, i) =>
          h.type === "skipped" ? (
            <li key={i} className="vp-diff-skip">
              … {h.count} unchanged line{h.count === 1 ? "" : "s"} …
            </li>
          ) : (
            h.lines.map((l, j) => (
              <li key={`${i}-${j}`} className={`vp-diff-line vp-diff-${l.type}`} data-testid={`diff-${l.type}`}>
                <span className="vp-diff-sign" aria-hidden="true">
                  {l.type === "added" ? "+" : l.type === "removed" ? "−" : " "}
                </span>
                <span className="vp-sr">{l.type === "added" ? "Added: " : l.type === "removed" ? "Removed: " : "Unchanged: "}</span>
                <span className="vp-diff-text">{l.text}</span>
              </li>
            ))
          ),
        )}
      </ol>
    </div>
  );
}

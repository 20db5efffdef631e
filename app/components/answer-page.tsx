// The page an answer link opens (/r/<token>): a whole document with no script, served by the
// resource route app/routes/r.$token.tsx. GET asks for one click; the form posts back to the same
// address and the thank-you follows. In the email's language, under the sender's brand (the send's
// sender profile: name, logo, website), as the unsubscribe page.
import type { AnswerPage as AnswerPageState } from "~/services/answers.server";
import { BrandMark } from "./unsubscribe-page";

const STYLE = `
body{margin:0;background:#f4f5f7;color:#1f2937;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
.ap-top{padding:18px 20px;text-align:center;font-weight:700;letter-spacing:.5px;color:#111827}
.ap-top .brand{color:inherit;text-decoration:none}
.ap-top img{background:#fff;border-radius:4px}
.ap-card{max-width:440px;margin:8px auto 32px;background:#fff;border-radius:16px;box-shadow:0 1px 2px rgba(0,0,0,.06),0 8px 24px rgba(0,0,0,.06);padding:28px 24px;box-sizing:border-box}
@media (max-width:480px){.ap-card{margin:4px 12px 24px;padding:24px 18px}}
.ap-mark{width:56px;height:56px;border-radius:50%;display:flex;align-items:center;justify-content:center;margin:0 auto 16px;font-size:28px;font-weight:700}
.ap-ok{background:#e7f6ec;color:#15803d}.ap-ask{background:#eef2ff;color:#4338ca}.ap-bad{background:#fdecec;color:#b91c1c}
h1{font-size:22px;line-height:1.3;margin:0 0 10px;text-align:center}
p{margin:0 0 14px;text-align:center}
.ap-q{color:#6b7280;font-size:15px}
.ap-answer{display:block;margin:6px auto 20px;padding:12px 16px;border:2px solid #c7d2fe;border-radius:12px;background:#f8faff;font-weight:700;font-size:18px;text-align:center}
.ap-send{display:block;width:100%;padding:14px 16px;border:0;border-radius:12px;background:#4338ca;color:#fff;font:inherit;font-weight:700;font-size:17px;cursor:pointer}
.ap-send:hover{background:#3730a3}
.ap-verdict{margin:0 0 16px;padding:14px 16px;border-radius:12px;border-left:4px solid;text-align:left}
.ap-verdict p{text-align:left;margin:0}
.ap-verdict .ap-verdict-title{font-weight:700;margin-bottom:4px}
.ap-right{background:#e7f6ec;border-color:#15803d;color:#14532d}.ap-wrong{background:#fdecec;border-color:#b91c1c;color:#7f1d1d}
.ap-note{color:#6b7280;font-size:14px;margin-top:18px}
.ap-foot{text-align:center;color:#9ca3af;font-size:13px;padding-bottom:24px}
`;

export function AnswerPage({ page }: { page: AnswerPageState }) {
  const w = page.words;
  const title =
    page.state === "confirm"
      ? w.confirmTitle
      : page.state === "done"
        ? w.thanksTitle
        : page.state === "expired"
          ? w.expiredTitle
          : page.state === "unknown"
            ? w.unknownTitle
            : w.invalidTitle;
  return (
    <html lang={page.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · ${page.brand.name}`}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <header className="ap-top">
          <BrandMark brand={page.brand} />
        </header>
        <main className="ap-card" data-state={page.state}>
          {page.state === "confirm" || page.state === "done" ? (
            <>
              <div className={`ap-mark ${page.state === "done" ? "ap-ok" : "ap-ask"}`} aria-hidden="true">
                {page.state === "done" ? "✓" : "?"}
              </div>
              <h1>{title}</h1>
              {page.question ? <p className="ap-q">{page.question}</p> : null}
              {page.answer ? (
                <>
                  {page.state === "confirm" ? <p className="ap-q">{w.confirmLead}</p> : null}
                  <strong className="ap-answer">{page.answer}</strong>
                </>
              ) : null}
              {page.state === "confirm" ? (
                <form method="post">
                  <button className="ap-send" type="submit">
                    {w.send}
                  </button>
                </form>
              ) : (
                <p role="status">{w.thanksBody}</p>
              )}
              {page.state === "done" && page.verdict ? (
                <div
                  className={`ap-verdict ${page.verdict.right ? "ap-right" : "ap-wrong"}`}
                  data-verdict={page.verdict.right ? "right" : "wrong"}
                >
                  <p className="ap-verdict-title">{page.verdict.title}</p>
                  {page.verdict.explanation ? <p>{page.verdict.explanation}</p> : null}
                </div>
              ) : null}
              <p className="ap-note">{w.changeNote}</p>
            </>
          ) : (
            <>
              <div className="ap-mark ap-bad" aria-hidden="true">
                !
              </div>
              <h1>{title}</h1>
              <p>{page.state === "expired" ? w.expiredBody : page.state === "unknown" ? w.unknownBody : w.invalidBody}</p>
            </>
          )}
        </main>
        <footer className="ap-foot">{page.brand.name}</footer>
      </body>
    </html>
  );
}

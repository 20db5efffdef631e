// Hand-written AMP4EMAIL: an in-email survey posted with amp-form (action-xhr over https) and
// amp-mustache success / error templates.
export const html = `<!doctype html>
<html ⚡4email data-css-strict lang="en">
<head>
<meta charset="utf-8">
<script async src="https://cdn.ampproject.org/v0.js"></script>
<script async custom-element="amp-form" src="https://cdn.ampproject.org/v0/amp-form-0.1.js"></script>
<script async custom-template="amp-mustache" src="https://cdn.ampproject.org/v0/amp-mustache-0.2.js"></script>
<style amp4email-boilerplate>body{visibility:hidden}</style>
<style amp-custom>
body { margin: 0; background-color: #18181b; }
.wrap { max-width: 600px; margin: 0 auto; background-color: #27272a; font-family: Arial, Helvetica, sans-serif; color: #f4f4f5; }
.brand { padding: 20px 24px; font-size: 20px; font-weight: bold; color: #fbbf24; border-bottom: 1px solid #3f3f46; }
.content { padding: 24px; }
h1 { margin: 0 0 12px 0; font-size: 26px; line-height: 32px; }
p { margin: 0 0 12px 0; font-size: 16px; line-height: 24px; }
fieldset { border: 1px solid #52525b; border-radius: 8px; margin: 0 0 16px 0; padding: 12px 16px; }
legend { padding: 0 6px; font-weight: bold; }
label { display: block; padding: 8px 0; font-size: 16px; }
textarea { width: 100%; box-sizing: border-box; min-height: 80px; padding: 8px; font-size: 15px; border-radius: 6px; border: 1px solid #52525b; }
.btn { background-color: #fbbf24; color: #18181b; border: 0; padding: 14px 28px; border-radius: 6px; font-size: 16px; font-weight: bold; cursor: pointer; }
.ok { background-color: #14532d; padding: 12px 16px; border-radius: 6px; }
.err { background-color: #7f1d1d; padding: 12px 16px; border-radius: 6px; }
.footer { padding: 24px; font-size: 13px; line-height: 20px; color: #d4d4d8; text-align: center; }
.footer a { color: #d4d4d8; }
</style>
</head>
<body>
<div class="wrap">
  <div class="brand">Cinder Picture House</div>
  <div class="content">
    <h1>How was Friday's screening?</h1>
    <p>You saw <strong>The Salt Road</strong> in Screen 2. Answer right here in the email — it takes twenty seconds.</p>
    <form method="post" action-xhr="https://cinderpicturehouse.example/api/amp/feedback">
      <fieldset>
        <legend>How would you rate the film?</legend>
        <label><input type="radio" name="film" value="5" required> Loved it</label>
        <label><input type="radio" name="film" value="3"> It was fine</label>
        <label><input type="radio" name="film" value="1"> Not for me</label>
      </fieldset>
      <fieldset>
        <legend>How was the screen and sound?</legend>
        <label><input type="radio" name="screen" value="5" required> Perfect</label>
        <label><input type="radio" name="screen" value="3"> Could be better</label>
        <label><input type="radio" name="screen" value="1"> Something went wrong</label>
      </fieldset>
      <label for="comment">Anything else? (optional)</label>
      <textarea id="comment" name="comment" maxlength="500" placeholder="The seats, the snacks, the projection…"></textarea>
      <input type="hidden" name="booking" value="CPH-90412">
      <p><button type="submit" class="btn">Send my answers</button></p>
      <div submit-success><template type="amp-mustache"><p class="ok">Thanks{{#name}}, {{name}}{{/name}}! Your answers went straight to our projection team.</p></template></div>
      <div submit-error><template type="amp-mustache"><p class="err">Sorry, that did not send. Please try again in a minute.</p></template></div>
    </form>
    <p><a href="https://cinderpicturehouse.example/whats-on" target="_blank">See what is on this week</a></p>
  </div>
  <div class="footer">
    <p>Cinder Picture House, 3 Foundry Yard, Sheffield S3 8BP, United Kingdom</p>
    <p><a href="{{UNSUBSCRIBE_URL}}" target="_blank">Unsubscribe</a></p>
  </div>
</div>
</body>
</html>
`;

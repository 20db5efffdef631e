// Hand-written AMP4EMAIL: travel day FAQ in amp-accordion (first section expanded).
export const html = `<!doctype html>
<html ⚡4email data-css-strict lang="en">
<head>
<meta charset="utf-8">
<script async src="https://cdn.ampproject.org/v0.js"></script>
<script async custom-element="amp-accordion" src="https://cdn.ampproject.org/v0/amp-accordion-0.1.js"></script>
<style amp4email-boilerplate>body{visibility:hidden}</style>
<style amp-custom>
body { margin: 0; background-color: #f1f5f9; }
.wrap { max-width: 600px; margin: 0 auto; background-color: #ffffff; font-family: Georgia, 'Times New Roman', serif; color: #1e293b; }
.brand { padding: 20px 24px; font-size: 20px; font-weight: bold; color: #1e3a8a; border-bottom: 3px solid #1e3a8a; }
.content { padding: 24px; }
h1 { margin: 0 0 12px 0; font-size: 26px; line-height: 32px; }
p { margin: 0 0 12px 0; font-size: 16px; line-height: 25px; }
.ticket { background-color: #eff6ff; border-left: 4px solid #1e3a8a; padding: 12px 16px; margin: 0 0 20px 0; }
amp-accordion section { border-bottom: 1px solid #cbd5e1; }
amp-accordion h2 { margin: 0; padding: 14px 0; font-size: 17px; background-color: #ffffff; border: 0; color: #1e3a8a; }
amp-accordion section[expanded] h2 { color: #1e40af; text-decoration: underline; }
.answer { padding: 0 0 14px 0; }
.footer { padding: 24px; font-size: 13px; line-height: 20px; color: #475569; text-align: center; font-family: Arial, sans-serif; }
.footer a { color: #475569; }
</style>
</head>
<body>
<div class="wrap">
  <div class="brand">Harbourline Ferries</div>
  <div class="content">
    <h1>Your crossing is on Saturday</h1>
    <div class="ticket"><p>Portsmouth to Cherbourg · Saturday 9 August · departs 08:15 · booking HL-220471 · one car, two adults</p></div>
    <p>Here are the answers to what travellers ask most before a crossing.</p>
    <amp-accordion expand-single-section animate>
      <section expanded>
        <h2>When should I arrive at the port?</h2>
        <div class="answer"><p>Check-in closes 45 minutes before departure, so aim to reach the terminal by 07:15. Have your passports and booking reference ready at the booth.</p></div>
      </section>
      <section>
        <h2>Can I bring my dog?</h2>
        <div class="answer"><p>Yes. Dogs stay in your car or in our pet-friendly cabins, which must be booked in advance. Bring your pet's travel documents.</p></div>
      </section>
      <section>
        <h2>Is there food on board?</h2>
        <div class="answer"><p>The Quayside Café serves breakfast from boarding until 11:00, and the restaurant opens at 11:30 for lunch.</p></div>
      </section>
      <section>
        <h2>What if the sea is rough?</h2>
        <div class="answer"><p>We text you by 06:00 if your sailing is delayed or cancelled, and move you to the next crossing free of charge.</p></div>
      </section>
    </amp-accordion>
    <p>Need to change something? <a href="https://harbourline.example/manage/HL-220471" target="_blank">Manage your booking</a>.</p>
  </div>
  <div class="footer">
    <p>Harbourline Ferries Ltd., Continental Ferry Port, Portsmouth PO2 8QW, United Kingdom</p>
    <p><a href="{{UNSUBSCRIBE_URL}}" target="_blank">Unsubscribe</a></p>
  </div>
</div>
</body>
</html>
`;

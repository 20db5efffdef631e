// Hand-written AMP4EMAIL: a product carousel with amp-carousel (slides, controls, loop).
export const html = `<!doctype html>
<html ⚡4email data-css-strict lang="en">
<head>
<meta charset="utf-8">
<script async src="https://cdn.ampproject.org/v0.js"></script>
<script async custom-element="amp-carousel" src="https://cdn.ampproject.org/v0/amp-carousel-0.2.js"></script>
<style amp4email-boilerplate>body{visibility:hidden}</style>
<style amp-custom>
body { margin: 0; background-color: #e0f2fe; }
.wrap { max-width: 600px; margin: 0 auto; background-color: #ffffff; font-family: Arial, Helvetica, sans-serif; color: #0c4a6e; }
.brand { padding: 20px 24px; font-size: 20px; font-weight: bold; border-bottom: 1px solid #bae6fd; }
.intro { padding: 24px; }
h1 { margin: 0 0 12px 0; font-size: 28px; line-height: 34px; }
p { margin: 0 0 12px 0; font-size: 16px; line-height: 24px; }
.slide { position: relative; }
.caption { padding: 16px 24px 8px 24px; }
.caption h2 { margin: 0 0 4px 0; font-size: 20px; }
.btn { display: inline-block; background-color: #0369a1; color: #ffffff; padding: 12px 24px; border-radius: 6px; text-decoration: none; font-weight: bold; }
.footer { padding: 24px; font-size: 13px; line-height: 20px; color: #475569; text-align: center; }
.footer a { color: #475569; }
</style>
</head>
<body>
<div class="wrap">
  <div class="brand">Northshore Surf Co.</div>
  <div class="intro">
    <h1>Three boards for the autumn swell</h1>
    <p>Water is still 17°C and the swell is building. Swipe through the boards our shapers are riding this month.</p>
  </div>
  <amp-carousel type="slides" layout="responsive" width="600" height="520" controls loop>
    <div class="slide">
      <amp-img src="https://img.northshoresurf.example/boards/groveller-600x360.jpg" width="600" height="360" layout="responsive" alt="Wide-nosed groveller surfboard on the sand"></amp-img>
      <div class="caption"><h2>The Groveller 5'8" — $640</h2><p>Wide nose, flat rocker. Turns knee-high mush into a good session.</p></div>
    </div>
    <div class="slide">
      <amp-img src="https://img.northshoresurf.example/boards/midlength-600x360.jpg" width="600" height="360" layout="responsive" alt="Seven-foot mid-length board leaning on a beach hut"></amp-img>
      <div class="caption"><h2>The Drifter 7'2" — $780</h2><p>A mid-length for long lines and early take-offs on bigger days.</p></div>
    </div>
    <div class="slide">
      <amp-img src="https://img.northshoresurf.example/boards/longboard-600x360.jpg" width="600" height="360" layout="responsive" alt="Cream longboard with a wooden stringer on a rack"></amp-img>
      <div class="caption"><h2>The Classic 9'4" — $920</h2><p>Single fin, soft rails and plenty of room to walk to the nose.</p></div>
    </div>
  </amp-carousel>
  <div class="intro">
    <p>Every board comes with a free wax-up and a 30-day ride guarantee.</p>
    <a class="btn" href="https://northshoresurf.example/boards" target="_blank">Shop all boards</a>
  </div>
  <div class="footer">
    <p>Northshore Surf Co., 45 Pier Road, Santa Cruz, CA 95060, USA</p>
    <p><a href="{{UNSUBSCRIBE_URL}}" target="_blank">Unsubscribe</a></p>
  </div>
</div>
</body>
</html>
`;

// Hand-written AMP4EMAIL: tabs built from amp-selector (option + selected) and sibling CSS.
export const html = `<!doctype html>
<html ⚡4email data-css-strict lang="en">
<head>
<meta charset="utf-8">
<script async src="https://cdn.ampproject.org/v0.js"></script>
<script async custom-element="amp-selector" src="https://cdn.ampproject.org/v0/amp-selector-0.1.js"></script>
<style amp4email-boilerplate>body{visibility:hidden}</style>
<style amp-custom>
body { margin: 0; background-color: #f0fdf4; }
.wrap { max-width: 600px; margin: 0 auto; background-color: #ffffff; font-family: Verdana, Arial, sans-serif; color: #14532d; }
.brand { padding: 20px 24px; font-size: 20px; font-weight: bold; border-bottom: 1px solid #bbf7d0; }
.content { padding: 24px; }
h1 { margin: 0 0 12px 0; font-size: 26px; line-height: 32px; }
p { margin: 0 0 12px 0; font-size: 15px; line-height: 24px; }
.tabs { display: flex; flex-wrap: wrap; }
.tab { flex-grow: 1; padding: 12px 8px; text-align: center; font-weight: bold; color: #166534; border-bottom: 3px solid #dcfce7; cursor: pointer; }
.tab[selected] { border-bottom-color: #15803d; background-color: #f0fdf4; outline: none; }
.panel { display: none; width: 100%; order: 1; padding: 16px 0 0 0; }
.tab[selected] + .panel { display: block; }
.footer { padding: 24px; font-size: 13px; line-height: 20px; color: #475569; text-align: center; }
.footer a { color: #475569; }
</style>
</head>
<body>
<div class="wrap">
  <div class="brand">Fernhill Garden Centre</div>
  <div class="content">
    <h1>What to do in the garden this October</h1>
    <p>Pick the part of your garden you care about most.</p>
    <amp-selector class="tabs" role="tablist" layout="container" keyboard-select-mode="focus">
      <div class="tab" role="tab" option="borders" selected>Borders</div>
      <div class="panel" role="tabpanel"><p>Cut back perennials that have flopped, but leave seed heads on echinacea and sedum for the birds. Plant tulip bulbs now, 15 cm deep.</p></div>
      <div class="tab" role="tab" option="veg">Veg patch</div>
      <div class="panel" role="tabpanel"><p>Sow broad beans and plant garlic cloves for an early summer harvest. Cover empty beds with compost or a green manure.</p></div>
      <div class="tab" role="tab" option="lawn">Lawn</div>
      <div class="panel" role="tabpanel"><p>Rake out moss, spike compacted areas with a fork and feed with an autumn fertiliser low in nitrogen. Raise the mower blades.</p></div>
    </amp-selector>
    <p><a href="https://fernhillgarden.example/october" target="_blank">Read the full October guide</a></p>
  </div>
  <div class="footer">
    <p>Fernhill Garden Centre, Fernhill Lane, Harrogate HG3 1QA, United Kingdom</p>
    <p><a href="{{UNSUBSCRIBE_URL}}" target="_blank">Unsubscribe</a></p>
  </div>
</div>
</body>
</html>
`;

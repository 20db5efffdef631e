// Hand-written AMP4EMAIL: a live cart with amp-state and amp-bind — quantity buttons update the
// line counts and the total; checkout goes through amp-form.
export const html = `<!doctype html>
<html ⚡4email data-css-strict lang="en">
<head>
<meta charset="utf-8">
<script async src="https://cdn.ampproject.org/v0.js"></script>
<script async custom-element="amp-bind" src="https://cdn.ampproject.org/v0/amp-bind-0.1.js"></script>
<script async custom-element="amp-form" src="https://cdn.ampproject.org/v0/amp-form-0.1.js"></script>
<script async custom-template="amp-mustache" src="https://cdn.ampproject.org/v0/amp-mustache-0.2.js"></script>
<style amp4email-boilerplate>body{visibility:hidden}</style>
<style amp-custom>
body { margin: 0; background-color: #fff7ed; }
.wrap { max-width: 600px; margin: 0 auto; background-color: #ffffff; font-family: Arial, Helvetica, sans-serif; color: #431407; }
.brand { padding: 20px 24px; font-size: 20px; font-weight: bold; border-bottom: 1px solid #fed7aa; }
.content { padding: 24px; }
h1 { margin: 0 0 12px 0; font-size: 26px; line-height: 32px; }
p { margin: 0 0 12px 0; font-size: 16px; line-height: 24px; }
.item { display: flex; align-items: center; padding: 12px 0; border-bottom: 1px solid #ffedd5; }
.thumb { flex-shrink: 0; margin-right: 12px; }
.info { flex-grow: 1; }
.name { font-weight: bold; }
.price { color: #9a3412; font-size: 14px; }
.qty { display: flex; align-items: center; }
.qty button { width: 44px; height: 44px; border: 1px solid #fdba74; background-color: #ffffff; color: #9a3412; font-size: 20px; border-radius: 22px; cursor: pointer; }
.count { min-width: 32px; text-align: center; font-weight: bold; }
.total { display: flex; justify-content: space-between; padding: 16px 0; font-size: 18px; font-weight: bold; }
.btn { background-color: #c2410c; color: #ffffff; border: 0; padding: 14px 28px; border-radius: 8px; font-size: 16px; font-weight: bold; cursor: pointer; }
.note { font-size: 14px; color: #7c2d12; }
.footer { padding: 24px; font-size: 13px; line-height: 20px; color: #7c2d12; text-align: center; }
.footer a { color: #7c2d12; }
</style>
</head>
<body>
<amp-state id="cart">
  <script type="application/json">{"loaf": 1, "bun": 0, "jam": 0, "butter": 0}</script>
</amp-state>
<div class="wrap">
  <div class="brand">Morning Loaf Bakery</div>
  <div class="content">
    <h1>Your Saturday order</h1>
    <p>We start baking at 4 am. Adjust your order until Friday at 6 pm and we will have it warm at the counter from 8.</p>
    <div class="item">
      <amp-img class="thumb" src="https://img.morningloaf.example/bakes/sourdough-128x128.jpg" width="64" height="64" layout="fixed" alt="Round country sourdough loaf"></amp-img>
      <div class="info"><div class="name">Country sourdough</div><div class="price">€6.50</div></div>
      <div class="qty">
        <button type="button" on="tap:AMP.setState({cart: {loaf: max(0, cart.loaf - 1)}})" aria-label="One fewer sourdough">−</button>
        <span class="count" [text]="cart.loaf">1</span>
        <button type="button" on="tap:AMP.setState({cart: {loaf: min(6, cart.loaf + 1)}})" aria-label="One more sourdough">+</button>
      </div>
    </div>
    <div class="item">
      <amp-img class="thumb" src="https://img.morningloaf.example/bakes/cardamom-bun-128x128.jpg" width="64" height="64" layout="fixed" alt="Knotted cardamom bun with pearl sugar"></amp-img>
      <div class="info"><div class="name">Cardamom bun</div><div class="price">€3.20</div></div>
      <div class="qty">
        <button type="button" on="tap:AMP.setState({cart: {bun: max(0, cart.bun - 1)}})" aria-label="One fewer bun">−</button>
        <span class="count" [text]="cart.bun">0</span>
        <button type="button" on="tap:AMP.setState({cart: {bun: min(12, cart.bun + 1)}})" aria-label="One more bun">+</button>
      </div>
    </div>
    <div class="item">
      <amp-img class="thumb" src="https://img.morningloaf.example/bakes/apricot-jam-128x128.jpg" width="64" height="64" layout="fixed" alt="Jar of apricot jam"></amp-img>
      <div class="info"><div class="name">Apricot jam, 340 g</div><div class="price">€5.80</div></div>
      <div class="qty">
        <button type="button" on="tap:AMP.setState({cart: {jam: max(0, cart.jam - 1)}})" aria-label="One fewer jam">−</button>
        <span class="count" [text]="cart.jam">0</span>
        <button type="button" on="tap:AMP.setState({cart: {jam: min(4, cart.jam + 1)}})" aria-label="One more jam">+</button>
      </div>
    </div>
    <div class="item">
      <amp-img class="thumb" src="https://img.morningloaf.example/bakes/cultured-butter-128x128.jpg" width="64" height="64" layout="fixed" alt="Block of cultured butter on paper"></amp-img>
      <div class="info"><div class="name">Cultured butter, 250 g</div><div class="price">€4.90</div></div>
      <div class="qty">
        <button type="button" on="tap:AMP.setState({cart: {butter: max(0, cart.butter - 1)}})" aria-label="One fewer butter">−</button>
        <span class="count" [text]="cart.butter">0</span>
        <button type="button" on="tap:AMP.setState({cart: {butter: min(4, cart.butter + 1)}})" aria-label="One more butter">+</button>
      </div>
    </div>
    <div class="total"><span>Total</span><span [text]="'€' + (cart.loaf * 6.5 + cart.bun * 3.2 + cart.jam * 5.8 + cart.butter * 4.9).toFixed(2)">€6.50</span></div>
    <form method="post" action-xhr="https://morningloaf.example/api/amp/order">
      <input type="hidden" name="loaf" value="1" [value]="cart.loaf">
      <input type="hidden" name="bun" value="0" [value]="cart.bun">
      <input type="hidden" name="jam" value="0" [value]="cart.jam">
      <input type="hidden" name="butter" value="0" [value]="cart.butter">
      <button type="submit" class="btn">Confirm my order</button>
      <div submit-success><template type="amp-mustache"><p>Done! Order {{orderId}} is confirmed for Saturday.</p></template></div>
      <div submit-error><template type="amp-mustache"><p>We could not save that change. Please try again.</p></template></div>
    </form>
    <p class="note">Pay at the counter when you collect. Orders over €20 get a free cardamom bun.</p>
  </div>
  <div class="footer">
    <p>Morning Loaf Bakery, Kastanienallee 22, 10435 Berlin, Germany</p>
    <p><a href="https://morningloaf.example/orders" target="_blank">View in browser</a> · <a href="{{UNSUBSCRIBE_URL}}" target="_blank">Unsubscribe</a></p>
  </div>
</div>
</body>
</html>
`;

import { htmlToText } from "./text";

describe("htmlToText", () => {
  it("renders headings, paragraphs, lists and links readably", () => {
    const html = `<!DOCTYPE html><html><head><title>Subject</title><style>p{color:red}</style></head>
<body class="body">
  <div class="kx-preheader" style="display:none;max-height:0">Spring deals inside&zwnj;&nbsp;&zwnj;&nbsp;&#847;</div>
  <a class="kx-vib" href="https://k.example/vib/1">View in browser</a>
  <!-- a comment -->
  <table role="presentation"><tr><td>
    <h1>Spring   Sale</h1>
    <p>Save <strong>20%</strong> on
       everything.</p>
    <ul><li>Boots</li><li>Coats</li></ul>
    <ol><li>One</li><li>Two</li></ol>
    <p><a href="https://shop.example/">Shop now</a> or mail <a href="mailto:help@shop.example">help@shop.example</a><br>Thanks</p>
    <a href="https://shop.example/x"><img src="x.png" alt="Big banner"></a>
  </td></tr></table>
  <!--[if mso]><p>Outlook only</p><![endif]-->
</body></html>`;
    expect(htmlToText(html)).toBe(
      [
        "Spring deals inside",
        "View in browser (https://k.example/vib/1)",
        "",
        "Spring Sale",
        "",
        "Save 20% on everything.",
        "",
        "- Boots",
        "- Coats",
        "",
        "1. One",
        "2. Two",
        "",
        "Shop now (https://shop.example/) or mail help@shop.example",
        "Thanks",
        "",
        "Big banner (https://shop.example/x)",
      ].join("\n"),
    );
  });

  it("skips the interactive block and keeps the fallback's words once", () => {
    const html = `<body><div class="kx-module" data-kx-ns="k1">
      <!--[if !mso]><!--><input type="checkbox" class="kx-probe k1-probe" checked style="display:none!important">
      <div class="kx-int k1-int" style="display:none;max-height:0"><label for="k1-t1">Tab A</label><div class="k1-panel">Panel A</div></div>
      <!--<![endif]-->
      <div class="kx-fb k1-fb"><h3>Tab A</h3><p>Panel A</p></div></div></body>`;
    const text = htmlToText(html);
    expect(text).toBe("Tab A\n\nPanel A");
  });

  it("separates table cells and leaves out hidden elements", () => {
    const html = `<table><tr><td>Price</td><td>$10</td></tr><tr><td>Tax</td><td>$1</td></tr></table><div hidden>secret</div><span style="DISPLAY: none">also</span>`;
    expect(htmlToText(html)).toBe("Price $10\nTax $1");
  });
});

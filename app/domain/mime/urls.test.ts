import { absolutizeImageUrls } from "./urls";

describe("absolutizeImageUrls", () => {
  const base = "https://kinetic.example.com";

  it("rewrites relative src, background and srcset under the base and leaves every other byte alone", () => {
    const html =
      `<!DOCTYPE html><html><body>\n  <img src="images/hero.png" alt="Hero" width=600>\n` +
      `  <td background='/bg/texture.jpg' style="color:red">x</td>\n` +
      `  <img srcset="a.png 1x, /b.png 2x" src=logo.png>\n</body></html>`;
    const out = absolutizeImageUrls(html, base);
    expect(out).toBe(
      `<!DOCTYPE html><html><body>\n  <img src="https://kinetic.example.com/images/hero.png" alt="Hero" width=600>\n` +
        `  <td background='https://kinetic.example.com/bg/texture.jpg' style="color:red">x</td>\n` +
        `  <img srcset="https://kinetic.example.com/a.png 1x, https://kinetic.example.com/b.png 2x" src="https://kinetic.example.com/logo.png">\n</body></html>`,
    );
  });

  it("keeps absolute, data:, cid:, fragment and placeholder URLs", () => {
    const html = `<img src="https://cdn.example.com/a.png"><img src="data:image/png;base64,AAAA"><img src="cid:x"><img src="{{VIB_URL}}/pixel.gif"><a href="page.html">link</a><script src="app.js"></script>`;
    expect(absolutizeImageUrls(html, base)).toBe(html);
  });

  it("resolves under a base path, follows the base scheme and makes protocol-relative URLs use it", () => {
    const html = `<img src="/img/a.png"><img src="b.png"><img src="//cdn.example.com/c.png">`;
    expect(absolutizeImageUrls(html, "http://localhost:3000/kinetic")).toBe(
      `<img src="http://localhost:3000/kinetic/img/a.png"><img src="http://localhost:3000/kinetic/b.png"><img src="http://cdn.example.com/c.png">`,
    );
  });

  it("escapes the rewritten value and keeps entity-encoded input meaning", () => {
    const html = `<img src="img.php?a=1&amp;b=2">`;
    expect(absolutizeImageUrls(html, base)).toBe(`<img src="https://kinetic.example.com/img.php?a=1&amp;b=2">`);
  });

  it("rewrites VML images inside MSO conditional comments", () => {
    const html = `<!--[if gte mso 9]><v:image src="bg.jpg" style="width:600px"/><![endif]--><!-- plain src="x.png" -->`;
    expect(absolutizeImageUrls(html, base)).toBe(
      `<!--[if gte mso 9]><v:image src="https://kinetic.example.com/bg.jpg" style="width:600px"/><![endif]--><!-- plain src="x.png" -->`,
    );
  });

  it("ignores look-alikes in text and style content", () => {
    const html = `<style>.a{background:url(x.png)}</style><p>use &lt;img src="a.png"&gt; here</p>`;
    expect(absolutizeImageUrls(html, base)).toBe(html);
  });

  it("rewrites relative url() in inline styles only", () => {
    const html = `<td style="background-image:url('img/bg.png');color:#000"><div style="background:url(https://cdn.example.com/x.png)">x</div></td>`;
    expect(absolutizeImageUrls(html, base)).toBe(
      `<td style="background-image:url('https://kinetic.example.com/img/bg.png');color:#000"><div style="background:url(https://cdn.example.com/x.png)">x</div></td>`,
    );
  });

  it("rejects a base that is not http(s)", () => {
    expect(() => absolutizeImageUrls("<img src=a.png>", "ftp://x")).toThrow(TypeError);
  });
});

// The masthead logo from the sender profile: when the brief gives no logo, the email's
// masthead shows the profile's, for the JSON API and for the builder alike (both reach generate()
// in the service layer): its address, the brand's name as alt text (what images-off shows), the
// 160 × 40 box of a logo of unknown size, on the light plate. A brief's own logo still wins.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSenderProfile } from "~/models/sender-profiles.server";
import { generateFromBrief, parseBriefForm } from "~/services/builder.server";
import { findEmailVersion } from "~/models/email-versions.server";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

const PROFILE = {
  senderName: "Bloom & Co",
  fromAddress: null,
  replyTo: null,
  postalAddress: null,
  logoUrl: "https://cdn.bloom.example/logo@2x.png",
  websiteUrl: null,
};
const PROMPT = "Spring sale for Bloom & Co: 20% off all dresses with code BLOOM20 until May 3";

let server: TestServer;
let user: { id: string; token: string };

/** The masthead's logo image, with the plate cell around it. */
function mastheadLogo(html: string): { img: string; plate: string } | null {
  const m = /<td class="kx-logo-plate"[^>]*>(<img class="kx-logo"[^>]*>)/.exec(html);
  return m ? { plate: m[0], img: m[1] } : null;
}

beforeAll(async () => {
  server = await startTestServer({ EMAIL_PROVIDER: "outbox" });
  user = await createUserWithToken(server, { credits: 10 });
});
afterAll(() => server?.close());

async function generate(json: Record<string, unknown>) {
  const res = await server.fetch("/api/generate", { method: "POST", token: user.token, json });
  expect(res.status).toBe(200);
  return (await res.json()) as { html: string; blueprint: { logo?: { src: string; alt: string; width: number; height: number } } };
}

describe("the masthead logo", () => {
  it("is the brand's name, not a logo, while the sender profile has none", async () => {
    const { html, blueprint } = await generate({ prompt: PROMPT });
    expect(blueprint.logo).toBeUndefined();
    expect(mastheadLogo(html)).toBeNull();
  });

  it("is the sender profile's logo when the API's request gives none: alt = the brand's name, a 160 × 40 box, on the light plate", async () => {
    await saveSenderProfile(server.app.database.db as never, user.id, PROFILE);
    const { html, blueprint } = await generate({ prompt: PROMPT });
    expect(blueprint.logo).toEqual({ src: PROFILE.logoUrl, alt: "Bloom & Co", width: 160, height: 40 });
    const logo = mastheadLogo(html)!;
    expect(logo.img).toContain(`src="${PROFILE.logoUrl}"`);
    expect(logo.img).toContain('alt="Bloom &amp; Co"');
    expect(logo.img).toMatch(/width="\d+" height="\d+"/);
    // The box, not the file's pixels: a 2× file shown in it stays sharp; the file keeps its ratio.
    expect(logo.img).toContain("width:auto;height:auto;max-width:");
    expect(logo.plate).toMatch(/bgcolor="#ffffff"|background-color:#ffffff/i);
  });

  it("is the brief's own logo when the request names one", async () => {
    const { html, blueprint } = await generate({
      prompt: PROMPT,
      images: [{ name: "logo", description: "Brand logo", url: "https://cdn.example.com/own-logo.png", width: 320, height: 80 }],
    });
    expect(blueprint.logo?.src).toBe("https://cdn.example.com/own-logo.png");
    expect(html).not.toContain(PROFILE.logoUrl);
  });

  it("fills a client blueprint that has no logo", async () => {
    const first = await generate({ prompt: PROMPT });
    const { logo: _, ...withoutLogo } = first.blueprint as Record<string, unknown>;
    const { blueprint } = await generate({ prompt: PROMPT, blueprint: withoutLogo });
    expect(blueprint.logo?.src).toBe(PROFILE.logoUrl);
  });

  it("reaches the builder's generation too (its brief has no logo URL)", async () => {
    const fd = new FormData();
    fd.append("prompt", PROMPT);
    const brief = parseBriefForm(fd);
    if (!brief.ok) throw new Error(JSON.stringify(brief.reply.error));
    const me = { id: user.id, isAdmin: false } as never;
    const result = await generateFromBrief(server.app as never, me, brief.brief);
    if (!result.ok) throw new Error(result.error);
    const version = await findEmailVersion(server.app.database.db as never, user.id, result.value.versionId);
    expect(mastheadLogo(version!.html)?.img).toContain(`src="${PROFILE.logoUrl}"`);
  });

  it("is left out when the profile's logo is not https (an email cannot load it safely)", async () => {
    await saveSenderProfile(server.app.database.db as never, user.id, { ...PROFILE, logoUrl: "http://cdn.bloom.example/logo.png" });
    const { blueprint } = await generate({ prompt: PROMPT });
    expect(blueprint.logo).toBeUndefined();
  });
});

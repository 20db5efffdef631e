// The language frame end to end: /api/generate with prompts in a frame language and in one without.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server";
import { createUserWithToken } from "../helpers/users";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await createUserWithToken(server, { credits: 20 })).token;
});
afterAll(() => server?.close());

const generate = async (prompt: string) => {
  const res = await server.fetch("/api/generate", { method: "POST", token, json: { prompt } });
  expect(res.status).toBe(200);
  return res.json();
};

describe("POST /api/generate in the prompt's language", () => {
  it('writes a French prompt\'s email with French fixed phrases and <html lang="fr">, with no warning', async () => {
    const body = await generate(
      "Soldes d'hiver chez Maison Lune : un quiz sur nos manteaux en laine, avec le code HIVER30 valable jusqu'au 15 janvier.",
    );
    expect(body.blueprint.lang).toBe("fr");
    expect(body.html).toContain('<html lang="fr"');
    expect(body.html).toContain("Voir la version en ligne");
    expect(body.html).toContain("Se désabonner");
    expect(body.metadata.validator.warnings.join(" ")).not.toMatch(/no local frame/);
  });

  it("keeps an English frame for a language without one, and says so in the warnings", async () => {
    const body = await generate("Maak een quiz voor de klanten van Bakkerij De Zon over ons brood, met drie vragen.");
    expect(body.blueprint.lang).toBe("en");
    expect(body.html).toContain("Unsubscribe");
    expect(body.metadata.validator.warnings).toContain("Prompt language nl has no local frame; fixed phrases are English.");
  });
});

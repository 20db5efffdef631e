import { createEmailProvider } from "./factory.server";

describe("createEmailProvider", () => {
  it("builds each provider from plain config", async () => {
    const outbox = createEmailProvider({ provider: "outbox" });
    expect(outbox.ok && outbox.provider.name).toBe("outbox");
    if (outbox.ok) {
      const r = await outbox.provider.send({
        raw: "x",
        from: "a@b.c",
        to: "d@e.f",
        sendId: "s1",
        subject: "s",
        html: "",
        text: "",
        headers: {},
      });
      expect(r).toMatchObject({ ok: true, providerId: "outbox-s1" });
    }
    const smtp = createEmailProvider({ provider: "smtp", url: "smtp://u:p@127.0.0.1:2525" });
    expect(smtp.ok && smtp.provider.name).toBe("smtp");
    if (smtp.ok) await smtp.provider.close?.();
    const mailgun = createEmailProvider({
      provider: "mailgun",
      apiKey: "k",
      domain: "mg.example.com",
      apiBase: "https://api.eu.mailgun.net",
    });
    expect(mailgun.ok && mailgun.provider.name).toBe("mailgun");
    const resend = createEmailProvider({ provider: "resend", apiKey: "re_x" });
    expect(resend.ok && resend.provider.name).toBe("resend");
  });

  it("says what is missing", () => {
    expect(createEmailProvider({ provider: "mailgun", apiKey: "", domain: "d" })).toMatchObject({
      ok: false,
      error: expect.stringContaining("apiKey"),
    });
    expect(createEmailProvider({ provider: "smtp", url: "http://x" })).toMatchObject({ ok: false, error: expect.stringContaining("url") });
    expect(createEmailProvider({ provider: "pigeon" } as never)).toMatchObject({ ok: false });
  });
});

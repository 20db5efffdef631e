import { parsePrice, parsePromptFacts } from "./facts";

describe("parsePromptFacts", () => {
  it("reads brand, offer, code, dates and priced items", () => {
    const f = parsePromptFacts(
      "Create a Black Friday email for Lumen Coffee Roasters with 20% off all beans using code BEAN20, ends November 29. Products: Ethiopia Yirgacheffe $18, Colombia Huila $16, Sumatra Mandheling $17.",
    );
    expect(f.brand).toBe("Lumen Coffee Roasters");
    expect(f.offer).toMatchObject({ percent: 20, code: "BEAN20" });
    expect(f.offer?.text).toContain("20% off");
    expect(f.codes).toEqual(["BEAN20"]);
    expect(f.dates).toContain("November 29");
    expect(f.items.map((i) => i.name)).toEqual(["Ethiopia Yirgacheffe", "Colombia Huila", "Sumatra Mandheling"]);
    expect(f.items.map((i) => i.price?.minor)).toEqual([1800, 1600, 1700]);
    expect(f.emailType).toBe("ecommerce");
  });

  it("reads event names, dates with times, audience and URLs", () => {
    const f = parsePromptFacts(
      "Invite our subscribers to the DevOps Summit on March 14, 2026 at 9am in Berlin. Register at https://summit.example.com/register.",
    );
    expect(f.product).toBe("DevOps Summit");
    expect(f.dates[0]).toBe("March 14, 2026 at 9am");
    expect(f.urls).toEqual(["https://summit.example.com/register"]);
    expect(f.emailType).toBe("event");
  });

  it("reads parenthesised prices, CTA wording and a restaurant type", () => {
    const f = parsePromptFacts(
      'Restaurant email for Casa Verde: our new spring menu with tacos al pastor ($12), elote ($6) and churros ($5). CTA button saying "Book a table".',
    );
    expect(f.brand).toBe("Casa Verde");
    expect(f.items.map((i) => [i.name, i.price?.display])).toEqual([
      ["tacos al pastor", "$12"],
      ["elote", "$6"],
      ["churros", "$5"],
    ]);
    expect(f.cta).toBe("Book a table");
    expect(f.emailType).toBe("restaurant");
  });

  it("reads tone and audience, and honours a known type hint", () => {
    const f = parsePromptFacts("A playful note for new members of Trailhead", "Onboarding");
    expect(f.tone).toBe("playful");
    expect(f.toneFromPrompt).toBe(true);
    expect(f.audience).toBe("new members");
    expect(f.emailType).toBe("onboarding");
    expect(f.emailTypeSource).toBe("hint");
    expect(f.brand).toBe("Trailhead");
  });

  it("treats an unknown type hint as no hint", () => {
    const f = parsePromptFacts("Monthly newsletter for Pixel Weekly", "space-opera");
    expect(f.emailType).toBe("newsletter");
    expect(f.emailTypeSource).toBe("prompt");
  });

  it("reads bullet lists", () => {
    const f = parsePromptFacts("Cart email for Oak & Ash with:\n- Candle €24\n- Diffuser €39.50\n- Matches €4");
    expect(f.items.map((i) => i.price?.minor)).toEqual([2400, 3950, 400]);
    expect(f.items[1].price?.currency).toBe("EUR");
  });

  it("parses prices in several notations", () => {
    expect(parsePrice("£7.25")).toEqual({ display: "£7.25", minor: 725, currency: "GBP" });
    expect(parsePrice("15 EUR")).toMatchObject({ minor: 1500, currency: "EUR" });
    expect(parsePrice("¥1200")).toMatchObject({ minor: 1200, currency: "JPY" });
    expect(parsePrice("no price here")).toBeUndefined();
  });

  it("reads audience phrases, bare www links and quoted CTA wording", () => {
    const f = parsePromptFacts(
      'Email aimed at first-time homebuyers from Keystone Realty. Link to www.keystone.example/listings and use a "See homes" button.',
    );
    expect(f.audience).toBe("first-time homebuyers from Keystone Realty");
    expect(f.urls).toEqual(["https://www.keystone.example/listings"]);
    expect(f.cta).toBe("See homes");
    expect(f.brand).toBe("Keystone Realty");
  });

  it("does not take a launch date for a product", () => {
    const f = parsePromptFacts("Announcement for Nimbus Notes 3.0. Launching June 3.");
    expect(f.product).toBeUndefined();
    expect(f.dates).toEqual(["June 3"]);
  });

  it('keeps a clause word inside a priced item\'s name ("SQL for Analysts $39")', () => {
    const f = parsePromptFacts(
      "Summer course sale from Skillhouse with an item cart: UX Foundations $49, SQL for Analysts $39 and Public Speaking $29. 20% off through June 30.",
    );
    expect(f.items.map((i) => [i.name, i.price?.minor])).toEqual([
      ["UX Foundations", 4900],
      ["SQL for Analysts", 3900],
      ["Public Speaking", 2900],
    ]);
  });

  it('reads navigation lists: "menu for A, B", "linking to A, B", "menu (A, B)"', () => {
    const names = (p: string) => parsePromptFacts(p).items.map((i) => i.name);
    expect(names("Spring collection email for Juniper & Co with a hamburger menu linking to Women, Men, Kids, Sale and Stores.")).toEqual([
      "Women",
      "Men",
      "Kids",
      "Sale",
      "Stores",
    ]);
    expect(
      names("Our newsletter with a mobile menu for News, Opinion, Culture and Podcasts. Lead story: the council approves the park."),
    ).toEqual(["News", "Opinion", "Culture", "Podcasts"]);
    expect(names("Product update from Lumen Labs with a navigation menu to Docs, Changelog, Pricing and Support.")).toEqual([
      "Docs",
      "Changelog",
      "Pricing",
      "Support",
    ]);
    expect(names("Bakery email with a menu (Breads, Cakes, Coffee) and nothing else.")).toEqual(["Breads", "Cakes", "Coffee"]);
  });

  it("reads accented brand names and a name that opens the prompt and owns the email", () => {
    expect(parsePromptFacts("After-dinner feedback email for Bistro Lumière asking guests to rate your meal.").brand).toBe(
      "Bistro Lumière",
    );
    expect(parsePromptFacts("The Sunday Ledger newsletter with a mobile menu for News, Opinion and Culture.").brand).toBe(
      "The Sunday Ledger",
    );
    expect(parsePromptFacts("Dev Digest newsletter with a nav bar linking to Articles, Videos and Jobs.").brand).toBe("Dev Digest");
    // One capitalised word before "newsletter" is an adjective, not a brand.
    expect(parsePromptFacts("Monthly newsletter for Orbit Books readers.").brand).toBe("Orbit Books");
    expect(parsePromptFacts("Shipping FAQ email for Aurora Outfitters with an accordion.").brand).toBe("Aurora Outfitters");
    expect(parsePromptFacts("Tour merch drop for The Night Owls with an add-to-cart list.").brand).toBe("The Night Owls");
  });

  it("prefers a list of short names to an equally long list of loose phrases", () => {
    const f = parsePromptFacts(
      'Welcome email for Pixel & Pine. Use tabs so people can pick where to start: Import, Edit and Share. End with a friendly note from the founder, Maya, and a button labelled "Open Pixel & Pine".',
    );
    expect(f.items.map((i) => i.name)).toEqual(["Import", "Edit", "Share"]);
  });

  it("keeps the billing period out of item names and date words out of the offer", () => {
    const f = parsePromptFacts(
      "Compare our plans in tabs: Starter $9/month, Team $29 per month and Business $79/month. 20% off through June 30.",
    );
    expect(f.items.map((i) => [i.name, i.price?.minor])).toEqual([
      ["Starter", 900],
      ["Team", 2900],
      ["Business", 7900],
    ]);
    expect(f.offer?.text).toBe("20% off");
  });

  it("does not glue an unpriced list to the priced one after it", () => {
    const f = parsePromptFacts(
      "Meal-kit email for Green Fork with tabs for Monday, Wednesday and Friday recipes, plus a cart to add extras: sourdough $5, dessert $7 and wine $15.",
    );
    expect(f.items.map((i) => [i.name, i.price?.display])).toEqual([
      ["sourdough", "$5"],
      ["dessert", "$7"],
      ["wine", "$15"],
    ]);
  });
});

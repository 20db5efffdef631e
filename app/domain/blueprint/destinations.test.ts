import { describe, expect, it } from "vitest";
import { Destinations, isDeadDestination } from "./destinations";

const PROMPT =
  "Spring sale for Fern & Co. Shop the guide: https://fern.example/guide. Hero image https://fern.example/img/hero.png. " +
  "Products: Moss Lamp https://fern.example/moss, Reed Chair. Read the story at www.fern.example/story";

describe("Destinations", () => {
  const d = new Destinations({
    prompt: PROMPT,
    links: [
      "https://fern.example/guide",
      "https://fern.example/img/hero.png",
      "https://fern.example/moss",
      "https://www.fern.example/story",
    ],
    itemLinks: [{ name: "Moss Lamp", link: "https://fern.example/moss" }],
    website: "https://fern.example",
  });

  it("takes the copy's own href first", () => {
    expect(d.forCta("Shop the guide", "mailto:hi@fern.example", false)).toEqual({ url: "mailto:hi@fern.example", source: "copy" });
  });

  it("takes the URL the prompt writes right after a button's label", () => {
    expect(d.forCta("Shop the guide", undefined, false)).toEqual({ url: "https://fern.example/guide", source: "brief" });
    expect(d.forCta("Read the story", undefined, false)).toEqual({ url: "https://www.fern.example/story", source: "brief" });
  });

  it("leads a main button to the brief's first link, others to the website, never to an image or an invented path", () => {
    expect(d.forCta("Browse", undefined, true)).toEqual({ url: "https://fern.example/guide", source: "brief" });
    expect(d.forCta("Browse", undefined, false)).toEqual({ url: "https://fern.example", source: "website" });
    expect(d.forCta("Hero image", undefined, false)?.url).not.toContain(".png");
  });

  it("gives an item only its own link: by the brief's item name or the URL after its label", () => {
    expect(d.forItem(["Moss Lamp"], undefined)).toEqual({ url: "https://fern.example/moss", source: "brief" });
    expect(d.forItem(["Reed Chair"], undefined)).toBeUndefined();
    expect(d.forItem(["Reed Chair"], "https://fern.example/reed")).toEqual({ url: "https://fern.example/reed", source: "copy" });
  });

  it("has no destination at all without a link or a website", () => {
    const none = new Destinations({ prompt: "A newsletter about tea.", links: [] });
    expect(none.forCta("Read more", undefined, true)).toBeUndefined();
    expect(none.main()).toBeUndefined();
  });

  it("prefers the website to an item's own link for the main button, and the item's link to nothing", () => {
    const src = {
      prompt: "Moss Lamp https://fern.example/moss",
      links: ["https://fern.example/moss"],
      itemLinks: [{ name: "Moss Lamp", link: "https://fern.example/moss" }],
    };
    expect(new Destinations({ ...src, website: "https://fern.example" }).main()).toEqual({
      url: "https://fern.example",
      source: "website",
    });
    expect(new Destinations(src).main()).toEqual({ url: "https://fern.example/moss", source: "brief" });
  });

  it("reads a long prompt of repeated labels in bounded time", () => {
    const long = new Destinations({ prompt: "shop ".repeat(20_000), links: ["https://x.example"] });
    expect(long.forCta("shop", undefined, false)).toBeUndefined();
  });
});

describe("isDeadDestination", () => {
  it.each(["", " ", "#", "javascript:void(0)", "{{VIB_URL}}", "{{VIB_URL}}?x=1"])("%j leads nowhere", (href) =>
    expect(isDeadDestination(href)).toBe(true),
  );
  it.each(["https://fern.example", "mailto:a@b.example", "{{UNSUBSCRIBE_URL}}"])("%j leads somewhere", (href) =>
    expect(isDeadDestination(href)).toBe(false),
  );
});

import { describe, expect, it } from "vitest";
import { isCondition } from "./conditions";
import { extractItems } from "./items";

describe("priced names outside a list", () => {
  it.each([
    ["Der Team-Tarif bleibt bei 12,90 € pro Nutzer.", "Team-Tarif"],
    ["Plan Autónomo 12,90 € al mes.", "Plan Autónomo"],
  ])("%s names its item %s (the verb before the price is neither's)", (prompt, name) => {
    const { items, otherItems } = extractItems(prompt);
    expect([...items, ...otherItems].map((i) => i.name)).toContain(name);
  });

  it.each([
    "Embrulho para presente grátis em compras acima de R$ 150 até 20 de dezembro.",
    "Envío gratis en pedidos de más de 40 €.",
    "Livraison offerte sur les commandes de plus de 50 €.",
    "Spedizione inclusa per ordini oltre 60 €.",
  ])("a minimum spend is a condition, never an item: %s", (prompt) => {
    expect(isCondition(prompt)).toBe(true);
    const { items, otherItems } = extractItems(prompt);
    expect([...items, ...otherItems]).toEqual([]);
  });
});

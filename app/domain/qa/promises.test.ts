import { describe, expect, it } from "vitest";
import { promiseKindsIn } from "./promises";

describe("novelty claims", () => {
  it.each(["Ciao di nuovo", "Hola de nuevo", "Olá de novo", "Bonjour de nouveau"])("“%s” means “again”: no claim", (text) => {
    expect(promiseKindsIn(text).has("new")).toBe(false);
  });

  it.each(["Il nuovo menu", "La nueva colección", "O novo plano", "Notre nouveau catalogue", "Nuovi arrivi"])(
    "“%s” claims novelty",
    (text) => {
      expect(promiseKindsIn(text).has("new")).toBe(true);
    },
  );
});

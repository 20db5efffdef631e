// The prompt's language (docs/brief.md): prompts of eight words or more in the six frame
// languages are told apart; English prompts full of foreign names stay English; short or terse
// prompts default to English; other languages are named but framed in English.
import { detectLanguage } from "./facts";

const BY_LANGUAGE: Record<string, string[]> = {
  fr: [
    "Écris un e-mail de bienvenue pour les nouveaux abonnés de notre boutique en ligne.",
    "Une newsletter pour annoncer notre nouvelle collection de printemps avec trois robes.",
    "Invitation à notre atelier de cuisine samedi prochain, places limitées, réservez vite.",
    "Rappel : votre panier vous attend, profitez de la livraison offerte ce week-end.",
    "Sondage de satisfaction après votre séjour à l'hôtel, cinq questions rapides seulement.",
  ],
  es: [
    "Escribe un correo de bienvenida para los nuevos suscriptores de nuestra tienda online.",
    "Un boletín para anunciar la nueva colección de primavera con tres vestidos.",
    "Invitación a nuestro taller de cocina el próximo sábado, plazas limitadas.",
    "Recordatorio: tu carrito te espera, aprovecha el envío gratis este fin de semana.",
    "Encuesta de satisfacción después de tu estancia en el hotel, solo cinco preguntas.",
  ],
  de: [
    "Schreibe eine Willkommens-E-Mail für die neuen Abonnenten unseres Onlineshops.",
    "Ein Newsletter, der unsere neue Frühjahrskollektion mit drei Kleidern ankündigt.",
    "Einladung zu unserem Kochkurs am nächsten Samstag, die Plätze sind begrenzt.",
    "Erinnerung: Dein Warenkorb wartet auf dich, kostenloser Versand nur dieses Wochenende.",
    "Zufriedenheitsumfrage nach deinem Aufenthalt im Hotel, nur fünf kurze Fragen.",
  ],
  pt: [
    "Escreva um e-mail de boas-vindas para os novos assinantes da nossa loja online.",
    "Uma newsletter para anunciar a nova coleção de primavera com três vestidos.",
    "Convite para a nossa oficina de culinária no próximo sábado, vagas limitadas.",
    "Lembrete: o seu carrinho está à sua espera, aproveite o frete grátis neste fim de semana.",
    "Pesquisa de satisfação depois da sua estadia no hotel, apenas cinco perguntas.",
  ],
  it: [
    "Scrivi un'email di benvenuto per i nuovi iscritti del nostro negozio online.",
    "Una newsletter per annunciare la nuova collezione primaverile con tre vestiti.",
    "Invito al nostro corso di cucina sabato prossimo, i posti sono limitati.",
    "Promemoria: il tuo carrello ti aspetta, approfitta della spedizione gratuita questo fine settimana.",
    "Sondaggio di soddisfazione dopo il tuo soggiorno in hotel, solo cinque domande.",
  ],
  en: [
    "Welcome email for Maison Lumière with a carousel of three croissants and a café crème.",
    "Newsletter for Bäckerei Schmidt customers announcing Brötchen and Brezeln at the Berlin shop.",
    "Invite guests to Trattoria da Gino for the Ferragosto dinner with tiramisù and limoncello.",
    "Promo for Casa Verde: tacos al pastor, elote and churros until the end of the month.",
    "quick nps survey, gridline fitness members, 2 questions",
    "soldes",
  ],
};

describe("detectLanguage", () => {
  for (const [code, prompts] of Object.entries(BY_LANGUAGE)) {
    for (const prompt of prompts) {
      it(`reads ${code}: ${prompt}`, () => {
        expect(detectLanguage(prompt)).toEqual({ code, frame: code, supported: true });
      });
    }
  }

  it("names languages without a frame and frames them in English", () => {
    expect(detectLanguage("Maak een nieuwsbrief voor de klanten van onze winkel met drie nieuwe producten.")).toEqual({
      code: "nl",
      frame: "en",
      supported: false,
    });
    expect(detectLanguage("Przygotuj newsletter dla klientów naszego sklepu z trzema nowymi produktami.")).toEqual({
      code: "pl",
      frame: "en",
      supported: false,
    });
    expect(detectLanguage("Skapa ett nyhetsbrev för kunderna hos vår butik med tre nya produkter.")).toEqual({
      code: "sv",
      frame: "en",
      supported: false,
    });
  });
});

// The fixed phrases the pipeline writes itself (buttons, controls, footer, fallback notes, AMP
// labels), in each frame language. The prompt's own words never pass through this table.
import type { FrameLanguage, PromptLanguage } from "../prompt/facts";

export interface Phrases {
  /** BCP 47 tag for <html lang>. */
  lang: FrameLanguage;
  dir: "ltr" | "rtl";
  /** The autonym, for the LLM prompts ("Write all copy in français (fr)"). */
  name: string;
  /** English name of the language, for the LLM prompts. */
  englishName: string;
  // Footer and header bar
  viewInBrowser: string;
  unsubscribe: string;
  /** The why-you-got-this line; without a brand it must still read naturally. */
  whyYouGetThis: (brand?: string) => string;
  // Controls
  previous: string;
  next: string;
  slide: (n: number) => string;
  menu: string;
  close: string;
  questionOf: (i: number, n: number) => string;
  correct: string;
  notQuite: (answer: string) => string;
  answer: (answer: string) => string;
  /** The survey step's own control, after its answer links (docs/email-markup.md). */
  nextQuestion: string;
  /** The last survey step's control: it shows the thank-you. */
  finish: string;
  /** The quiz's link that sends the chosen answer; the answer page's button says the same. */
  sendAnswer: string;
  /** The cart's per-item toggle: one short word (it sits beside the item on a 360 px screen). */
  add: string;
  remove: string;
  items: string;
  total: string;
  /** The static cart's note; uses the words of `items` and `total` (QA compares fallback words with the block's). */
  cartFallbackNote: string;
  surveyNotSaved: string;
  // Calls to action the copy engines may use
  addToCart: string;
  checkout: string;
  shopNow: string;
  learnMore: string;
  submit: string;
  checkAnswer: string;
  showResults: string;
}

const en: Phrases = {
  lang: "en",
  dir: "ltr",
  name: "English",
  englishName: "English",
  viewInBrowser: "View in browser",
  unsubscribe: "Unsubscribe",
  whyYouGetThis: (brand) =>
    brand
      ? `You're receiving this email because you signed up for news from ${brand}.`
      : "You're receiving this email because you signed up for our news.",
  previous: "Previous",
  next: "Next",
  slide: (n) => `Slide ${n}`,
  menu: "Menu",
  close: "Close",
  questionOf: (i, n) => `Question ${i} of ${n}`,
  correct: "Correct!",
  notQuite: (a) => `Not quite — the answer is ${a}.`,
  answer: (a) => `Answer: ${a}`,
  nextQuestion: "Next question",
  finish: "Finish",
  sendAnswer: "Send my answer",
  add: "Add +",
  remove: "Remove",
  items: "Items:",
  total: "Total",
  cartFallbackNote: "Choose your items at checkout; your total is worked out there.",
  surveyNotSaved: "Sorry, your answer was not saved. Please try again.",
  addToCart: "Add to cart",
  checkout: "Go to checkout",
  shopNow: "Shop now",
  learnMore: "Learn more",
  submit: "Submit",
  checkAnswer: "Check answer",
  showResults: "Show results",
};

const fr: Phrases = {
  lang: "fr",
  dir: "ltr",
  name: "français",
  englishName: "French",
  viewInBrowser: "Voir la version en ligne",
  unsubscribe: "Se désabonner",
  whyYouGetThis: (brand) =>
    brand
      ? `Vous recevez cet e-mail car vous avez choisi de recevoir les actualités de ${brand}.`
      : "Vous recevez cet e-mail car vous avez choisi de recevoir nos actualités.",
  previous: "Précédent",
  next: "Suivant",
  slide: (n) => `Diapositive ${n}`,
  menu: "Menu",
  close: "Fermer",
  questionOf: (i, n) => `Question ${i} sur ${n}`,
  // French sets a no-break space before : ; ! ?
  correct: "Bonne réponse\u00a0!",
  notQuite: (a) => `Pas tout à fait — la bonne réponse est ${a}.`,
  answer: (a) => `Réponse\u00a0: ${a}`,
  nextQuestion: "Question suivante",
  finish: "Terminer",
  sendAnswer: "Envoyer ma réponse",
  add: "Ajouter",
  remove: "Retirer",
  items: "Articles\u00a0:",
  total: "Total",
  cartFallbackNote: "Choisissez vos articles lors du paiement\u00a0; votre total y est calculé.",
  surveyNotSaved: "Désolé, votre réponse n'a pas été enregistrée. Veuillez réessayer.",
  addToCart: "Ajouter au panier",
  checkout: "Passer la commande",
  shopNow: "Découvrir",
  learnMore: "En savoir plus",
  submit: "Envoyer",
  checkAnswer: "Vérifier la réponse",
  showResults: "Voir les résultats",
};

const es: Phrases = {
  lang: "es",
  dir: "ltr",
  name: "español",
  englishName: "Spanish",
  viewInBrowser: "Ver en el navegador",
  unsubscribe: "Darse de baja",
  whyYouGetThis: (brand) =>
    brand
      ? `Recibes este correo porque te suscribiste a las noticias de ${brand}.`
      : "Recibes este correo porque te suscribiste a nuestras noticias.",
  previous: "Anterior",
  next: "Siguiente",
  slide: (n) => `Diapositiva ${n}`,
  menu: "Menú",
  close: "Cerrar",
  questionOf: (i, n) => `Pregunta ${i} de ${n}`,
  correct: "¡Correcto!",
  notQuite: (a) => `Casi — la respuesta correcta es ${a}.`,
  answer: (a) => `Respuesta: ${a}`,
  nextQuestion: "Siguiente pregunta",
  finish: "Terminar",
  sendAnswer: "Enviar mi respuesta",
  add: "Añadir",
  remove: "Quitar",
  items: "Artículos:",
  total: "Total",
  cartFallbackNote: "Elige tus artículos al pagar; allí se calcula tu total.",
  surveyNotSaved: "Lo sentimos, tu respuesta no se ha guardado. Inténtalo de nuevo.",
  addToCart: "Añadir al carrito",
  checkout: "Ir a la caja",
  shopNow: "Comprar ahora",
  learnMore: "Más información",
  submit: "Enviar",
  checkAnswer: "Comprobar respuesta",
  showResults: "Ver resultados",
};

const de: Phrases = {
  lang: "de",
  dir: "ltr",
  name: "Deutsch",
  englishName: "German",
  viewInBrowser: "Im Browser ansehen",
  unsubscribe: "Abmelden",
  whyYouGetThis: (brand) =>
    brand
      ? `Sie erhalten diese E-Mail, weil Sie den Newsletter von ${brand} abonniert haben.`
      : "Sie erhalten diese E-Mail, weil Sie unseren Newsletter abonniert haben.",
  previous: "Zurück",
  next: "Weiter",
  slide: (n) => `Folie ${n}`,
  menu: "Menü",
  close: "Schließen",
  questionOf: (i, n) => `Frage ${i} von ${n}`,
  correct: "Richtig!",
  notQuite: (a) => `Nicht ganz — richtig ist ${a}.`,
  answer: (a) => `Antwort: ${a}`,
  nextQuestion: "Nächste Frage",
  finish: "Abschließen",
  sendAnswer: "Antwort senden",
  add: "Hinzufügen",
  remove: "Entfernen",
  items: "Artikel:",
  total: "Gesamt",
  cartFallbackNote: "Wählen Sie Ihre Artikel an der Kasse; dort wird Ihr Gesamtbetrag berechnet.",
  surveyNotSaved: "Leider wurde Ihre Antwort nicht gespeichert. Bitte versuchen Sie es erneut.",
  addToCart: "In den Warenkorb",
  checkout: "Zur Kasse",
  shopNow: "Jetzt einkaufen",
  learnMore: "Mehr erfahren",
  submit: "Absenden",
  checkAnswer: "Antwort prüfen",
  showResults: "Ergebnisse anzeigen",
};

const pt: Phrases = {
  lang: "pt",
  dir: "ltr",
  name: "português",
  englishName: "Portuguese",
  viewInBrowser: "Ver no navegador",
  unsubscribe: "Cancelar inscrição",
  whyYouGetThis: (brand) =>
    brand
      ? `Você está recebendo este e-mail porque se inscreveu para receber notícias de ${brand}.`
      : "Você está recebendo este e-mail porque se inscreveu para receber nossas notícias.",
  previous: "Anterior",
  next: "Próximo",
  slide: (n) => `Slide ${n}`,
  menu: "Menu",
  close: "Fechar",
  questionOf: (i, n) => `Pergunta ${i} de ${n}`,
  correct: "Correto!",
  notQuite: (a) => `Quase — a resposta certa é ${a}.`,
  answer: (a) => `Resposta: ${a}`,
  nextQuestion: "Próxima pergunta",
  finish: "Concluir",
  sendAnswer: "Enviar a minha resposta",
  add: "Adicionar",
  remove: "Remover",
  items: "Itens:",
  total: "Total",
  cartFallbackNote: "Escolha seus itens na finalização da compra; o total é calculado lá.",
  surveyNotSaved: "Desculpe, sua resposta não foi salva. Tente novamente.",
  addToCart: "Adicionar ao carrinho",
  checkout: "Finalizar compra",
  shopNow: "Comprar agora",
  learnMore: "Saiba mais",
  submit: "Enviar",
  checkAnswer: "Verificar resposta",
  showResults: "Ver resultados",
};

const it: Phrases = {
  lang: "it",
  dir: "ltr",
  name: "italiano",
  englishName: "Italian",
  viewInBrowser: "Visualizza nel browser",
  unsubscribe: "Annulla l'iscrizione",
  whyYouGetThis: (brand) =>
    brand
      ? `Ricevi questa email perché hai scelto di ricevere le notizie di ${brand}.`
      : "Ricevi questa email perché hai scelto di ricevere le nostre notizie.",
  previous: "Precedente",
  next: "Successivo",
  slide: (n) => `Diapositiva ${n}`,
  menu: "Menu",
  close: "Chiudi",
  questionOf: (i, n) => `Domanda ${i} di ${n}`,
  correct: "Esatto!",
  notQuite: (a) => `Non proprio — la risposta giusta è ${a}.`,
  answer: (a) => `Risposta: ${a}`,
  nextQuestion: "Domanda successiva",
  finish: "Concludi",
  sendAnswer: "Invia la mia risposta",
  add: "Aggiungi",
  remove: "Rimuovi",
  items: "Articoli:",
  total: "Totale",
  cartFallbackNote: "Scegli i tuoi articoli al momento del pagamento; il totale viene calcolato lì.",
  surveyNotSaved: "Spiacenti, la tua risposta non è stata salvata. Riprova.",
  addToCart: "Aggiungi al carrello",
  checkout: "Vai alla cassa",
  shopNow: "Acquista ora",
  learnMore: "Scopri di più",
  submit: "Invia",
  checkAnswer: "Verifica la risposta",
  showResults: "Mostra i risultati",
};

export const PHRASES: Record<FrameLanguage, Phrases> = { en, fr, es, de, pt, it };

/**
 * The phrases for a language tag ("fr", "fr-CA", "PT-br"): its primary subtag when it has a frame,
 * else English (the frame of every other language).
 */
export function phrasesFor(lang: string | undefined): Phrases {
  const primary = (lang ?? "").split("-")[0]!.toLowerCase();
  return Object.prototype.hasOwnProperty.call(PHRASES, primary) ? PHRASES[primary as FrameLanguage] : en;
}

/** The generation's warning when the prompt's language has no frame (metadata.validator.warnings, docs/api/generation.md). */
export function languageWarnings(language: PromptLanguage | undefined): string[] {
  if (!language || language.supported) return [];
  return [`Prompt language ${language.code} has no local frame; fixed phrases are English.`];
}

/**
 * The local copywriter's own sentences that do not depend on the email type (module headings,
 * the offer banner, item lines, quiz and survey wording), in each frame language. Every sentence
 * is built from the prompt's words (brand, occasion, offer, dates, item details and prices); the
 * fixed button/footer strings live in ~/domain/copy/phrases.
 */
import type { Technique } from "~/domain/blueprint/schema";
import type { EmailType, FrameLanguage } from "~/domain/prompt/facts";
import { cap, type CopyContext } from "./templates";

export interface HostCopy {
  headline: string;
  body: string;
}

export interface Words {
  hosts: Record<Technique, (c: CopyContext) => HostCopy[]>;
  /** Offer banner body. */
  useCode: (code: string) => string;
  noCode: string;
  /** Offer banner headline when the prompt gives a code but no offer. */
  codeHeadline: (code: string) => string;
  offerEnds: (when: string) => string;
  /** The cart's note when the prompt sets conditions ("free shipping over €150"). */
  conditionsNote: (conditions: string) => string;
  thanks: (c: CopyContext) => HostCopy;
  madeFor: (audience: string) => string;
  /** Occasion-led subject and hero headline: the occasion comes first. */
  occasionSubject: (occasion: string, c: CopyContext) => string[];
  occasionHero: (occasion: string, c: CopyContext) => string[];
  /** Item-line pieces. */
  yoursFor: (price: string) => string;
  lowest: (price: string) => string;
  highest: (price: string) => string;
  itemContext: (type: EmailType, c: CopyContext) => string;
  /** Further facts an item line may carry, one per item, so no two items share a sentence. */
  itemExtras: (c: CopyContext) => Array<string | undefined>;
  /** An FAQ topic the prompt names without an answer: an honest way in, not an invented answer. */
  askAbout: (topic: string, c: CopyContext) => string;
  /** "A, B and C". */
  and: string;
  /** Quiz wording. */
  quizSave: (c: CopyContext) => string;
  quizSaveAnswer: (offer: string, c: CopyContext) => string;
  quizCheapest: string;
  quizCheapestAnswer: (name: string, price: string) => string;
  /** Email-history trivia, the quiz's last resort: [question, options, right index, explanation]. */
  quizFallback: Array<[string, string[], number, string]>;
  /** Default answers for a prompt's question that lists none. */
  answersYesNo: string[];
  answersLikely: string[];
  answersRating: string[];
  /** Headline of the brandless header bar, by email type (no invented brand). */
  masthead: Record<EmailType, string>;
}

const masthead = (
  ecommerce: string, newsletter: string, event: string, onboarding: string, announcement: string, restaurant: string,
  education: string, feedback: string, travel: string, nonprofit: string, transactional: string,
): Record<EmailType, string> => ({ ecommerce, newsletter, event, onboarding, announcement, restaurant, education, feedback, travel, nonprofit, transactional });

const at = (c: CopyContext, word: string) => (c.hasBrand ? ` ${word} ${c.brand}` : "");

const en: Words = {
  hosts: {
    tabs: (c) => [
      { headline: `Explore ${c.thing}`, body: "Tap a tab to switch between them." },
      { headline: "Take a closer look", body: c.hasBrand ? `Everything ${c.brand} has lined up, one tab at a time.` : "One tab at a time." },
    ],
    accordion: () => [
      { headline: "Good to know", body: "Tap a question to see the answer." },
      { headline: "Your questions, answered", body: "Open any panel for the details." },
    ],
    carousel: (c) => [
      { headline: `Swipe through ${c.thing}`, body: "Use the arrows to see each one." },
      { headline: "Take the tour", body: "Flip through the highlights one slide at a time." },
    ],
    survey: (c) => [
      { headline: "Got ten seconds?", body: `Answer a few quick questions — it helps ${c.hasBrand ? c.brand : "us"} get better.` },
      { headline: "Tell us what you think", body: "Tap an answer to move to the next question." },
    ],
    quiz: (c) => [
      { headline: "Quick quiz", body: "Tap an answer to see if you got it right." },
      { headline: "Test yourself", body: `${c.quizCount === 1 ? "One question" : `${["Two", "Three", "Four", "Five"][(c.quizCount ?? 3) - 2] ?? "Three"} questions`}${at(c, "from")}. How many can you get?` },
    ],
    menu: () => [{ headline: "", body: "" }],
    itemCart: () => [
      { headline: "Build your order", body: "Tap to add items — your total updates as you go." },
      { headline: "Pick your favourites", body: "Add what you like; the running total is at the bottom." },
    ],
  },
  useCode: (code) => `Use code ${code} at checkout`,
  noCode: "No code needed",
  codeHeadline: (code) => `Code ${code}`,
  offerEnds: (when) => ` — offer ends ${when}`,
  conditionsNote: (c) => `${c}.`,
  thanks: (c) => ({ headline: "Thank you!", body: `Your answers help ${c.hasBrand ? c.brand : "us"} get better.` }),
  madeFor: (a) => `Made for ${a}.`,
  occasionSubject: (o, c) => [
    c.offer ? `${o}: ${c.offer}${c.code ? ` with code ${c.code}` : ""}` : `${o}: ${c.thing}`,
    c.offer ? `${o}${at(c, "at")}: ${c.offer}` : `${o}${at(c, "at")}: ${c.thing}`,
    c.offer ? `${o} is here: ${c.offer}` : `${o} is here`,
  ],
  occasionHero: (o, c) => [c.offer ? `${o}: ${c.offer}` : `${o}: ${c.thing}`, c.offer ? `${o} — ${c.offer}` : `${o} at ${c.hasBrand ? c.brand : "last"}`],
  yoursFor: (p) => `Yours for ${p}.`,
  lowest: (p) => `The easiest place to start, at ${p}.`,
  highest: (p) => `The full works, at ${p}.`,
  itemContext: (type, c) => {
    const occ = c.occasion ? `${c.occasion} ` : "";
    switch (type) {
      case "restaurant":
        return `On the ${occ}menu${at(c, "at")}${c.when ? ` from ${c.when}` : ""}.`;
      case "event":
        return `Part of ${c.thing}${c.when ? ` on ${c.when}` : ""}.`;
      case "travel":
        return `Travel${at(c, "with")}${c.when ? ` from ${c.when}` : ""}${c.occasion ? ` this ${c.occasion}` : ""}.`.replace(/^Travel\.$/, "Ready when you are.");
      case "newsletter":
        return `In this edition${at(c, "of")}.`;
      case "education":
        return `Part of ${c.thing}${at(c, "at")}.`;
      case "nonprofit":
        return `Where your gift to ${c.hasBrand ? c.brand : "us"} goes${c.when ? `, until ${c.when}` : ""}.`;
      case "onboarding":
        return `Part of getting started${at(c, "with")}.`;
      default:
        return c.occasion ? `Part of ${c.occasion}${at(c, "at")}${c.when ? `, until ${c.when}` : ""}.` : c.hasBrand ? `Only at ${c.brand}${c.when ? `, until ${c.when}` : ""}.` : c.when ? `Until ${c.when}.` : "";
    }
  },
  itemExtras: (c) => [c.offer ? `${cap(c.offer)}${c.code ? ` with code ${c.code}` : ""}.` : undefined, c.audience ? `Picked for ${c.audience}.` : undefined],
  askAbout: (t, c) => `Questions about ${t.toLowerCase()}? Reply to this email and ${c.hasBrand ? `the ${c.brand} team` : "we"} will answer.`,
  and: "and",
  quizSave: (c) => (c.code ? `How much do you save with code ${c.code}?` : `How much do you save${at(c, "at")} right now?`),
  quizSaveAnswer: (o, c) => `It's ${o}${c.code && !o.includes(c.code) ? ` with code ${c.code}` : ""}${c.when ? `, until ${c.when}` : ""}.`,
  quizCheapest: "Which of these costs the least?",
  quizCheapestAnswer: (n, p) => `${n} is just ${p}.`,
  quizFallback: [
    ["Who sent the first networked email, in 1971?", ["Ray Tomlinson", "Tim Berners-Lee", "Vint Cerf"], 0, "Ray Tomlinson sent it between two computers on ARPANET."],
    ["Which symbol did that first email address use between user and host?", ["#", "@", "&"], 1, "Tomlinson picked @ because it could not appear in a name."],
    ["What does 'cc' stand for in email?", ["Carbon copy", "Computer copy", "Common contact"], 0, "It comes from the carbon paper once used to copy letters."],
  ],
  answersYesNo: ["Yes", "Maybe", "No"],
  answersLikely: ["Very likely", "Maybe", "Unlikely"],
  answersRating: ["Great", "Good", "Could be better"],
  masthead: masthead("New in store", "This week's edition", "You're invited", "Welcome", "What's new", "On the menu", "Your next lesson", "Your feedback", "Travel ideas", "Together", "Your order"),
};

const fr: Words = {
  hosts: {
    tabs: (c) => [
      { headline: `Découvrez ${c.thing}`, body: "Touchez un onglet pour passer de l'un à l'autre." },
      { headline: "De plus près", body: "Un onglet à la fois." },
    ],
    accordion: () => [
      { headline: "Bon à savoir", body: "Touchez une question pour voir la réponse." },
      { headline: "Vos questions, nos réponses", body: "Ouvrez un panneau pour les détails." },
    ],
    carousel: (c) => [
      { headline: `Faites défiler ${c.thing}`, body: "Utilisez les flèches pour tout voir." },
      { headline: "La sélection en images", body: "Une diapositive à la fois." },
    ],
    survey: (c) => [
      { headline: "Vous avez dix secondes ?", body: `Répondez à quelques questions rapides : cela aide ${c.hasBrand ? c.brand : "notre équipe"} à s'améliorer.` },
      { headline: "Donnez-nous votre avis", body: "Touchez une réponse pour passer à la question suivante." },
    ],
    quiz: () => [
      { headline: "Petit quiz", body: "Touchez une réponse pour savoir si vous avez vu juste." },
      { headline: "Testez-vous", body: "Combien de bonnes réponses ferez-vous ?" },
    ],
    menu: () => [{ headline: "", body: "" }],
    itemCart: () => [
      { headline: "Composez votre commande", body: "Ajoutez des articles : le total se met à jour au fur et à mesure." },
      { headline: "Faites votre choix", body: "Ajoutez ce qui vous plaît ; le total s'affiche en bas." },
    ],
  },
  useCode: (code) => `Utilisez le code ${code} lors du paiement`,
  noCode: "Sans code",
  codeHeadline: (code) => `Code ${code}`,
  offerEnds: (when) => ` — offre valable jusqu'au ${when}`,
  conditionsNote: (c) => `${c}.`,
  thanks: (c) => ({ headline: "Merci !", body: `Vos réponses aident ${c.hasBrand ? c.brand : "notre équipe"} à s'améliorer.` }),
  madeFor: (a) => `Pensé pour ${a}.`,
  occasionSubject: (o, c) => [
    c.offer ? `${o} : ${c.offer}${c.code ? ` avec le code ${c.code}` : ""}` : `${o} : ${c.thing}`,
    c.offer ? `${o}${at(c, "chez")} : ${c.offer}` : `${o}${at(c, "chez")} : ${c.thing}`,
  ],
  occasionHero: (o, c) => [c.offer ? `${o} : ${c.offer}` : `${o} : ${c.thing}`],
  yoursFor: (p) => `À ${p}.`,
  lowest: (p) => `Le plus doux pour commencer, à ${p}.`,
  highest: (p) => `La formule complète, à ${p}.`,
  itemContext: (type, c) => {
    if (type === "restaurant") return `À la carte${at(c, "chez")}${c.when ? ` dès le ${c.when}` : ""}.`;
    if (type === "event") return `Au programme de ${c.thing}${c.when ? ` le ${c.when}` : ""}.`;
    if (c.occasion) return `Pour ${c.occasion}${at(c, "chez")}${c.when ? `, jusqu'au ${c.when}` : ""}.`;
    return c.hasBrand ? `Seulement chez ${c.brand}${c.when ? `, jusqu'au ${c.when}` : ""}.` : c.when ? `Jusqu'au ${c.when}.` : "";
  },
  itemExtras: (c) => [c.offer ? `${cap(c.offer)}${c.code ? ` avec le code ${c.code}` : ""}.` : undefined, c.audience ? `Choisi pour nos ${c.audience}.` : undefined],
  askAbout: (t, c) => `Une question sur ${t.toLowerCase()} ? Répondez à cet e-mail, ${c.hasBrand ? `l'équipe ${c.brand}` : "notre équipe"} vous répondra.`,
  and: "et",
  quizSave: (c) => (c.code ? `Combien économisez-vous avec le code ${c.code} ?` : `Combien économisez-vous${at(c, "chez")} en ce moment ?`),
  quizSaveAnswer: (o, c) => `C'est ${o}${c.code && !o.includes(c.code) ? ` avec le code ${c.code}` : ""}${c.when ? `, jusqu'au ${c.when}` : ""}.`,
  quizCheapest: "Lequel coûte le moins cher ?",
  quizCheapestAnswer: (n, p) => `${n}, à seulement ${p}.`,
  quizFallback: [
    ["Qui a envoyé le premier e-mail en réseau, en 1971 ?", ["Ray Tomlinson", "Tim Berners-Lee", "Vint Cerf"], 0, "Ray Tomlinson l'a envoyé entre deux ordinateurs d'ARPANET."],
    ["Quel symbole sépare le nom et le serveur dans une adresse e-mail ?", ["#", "@", "&"], 1, "Tomlinson a choisi @ car il n'apparaissait dans aucun nom."],
    ["Que signifie « cc » dans un e-mail ?", ["Copie carbone", "Copie courante", "Contact commun"], 0, "Cela vient du papier carbone qui servait à copier les lettres."],
  ],
  answersYesNo: ["Oui", "Peut-être", "Non"],
  answersLikely: ["Très probable", "Peut-être", "Peu probable"],
  answersRating: ["Très bien", "Bien", "Peut mieux faire"],
  masthead: masthead("Nouveautés", "La lettre de la semaine", "Vous êtes invité", "Bienvenue", "Du nouveau", "À la carte", "Votre prochaine leçon", "Votre avis", "Idées de voyage", "Ensemble", "Votre commande"),
};

const es: Words = {
  hosts: {
    tabs: (c) => [
      { headline: `Descubre ${c.thing}`, body: "Toca una pestaña para cambiar de una a otra." },
      { headline: "Míralo de cerca", body: "Una pestaña cada vez." },
    ],
    accordion: () => [
      { headline: "Conviene saber", body: "Toca una pregunta para ver la respuesta." },
      { headline: "Tus preguntas, respondidas", body: "Abre cualquier panel para ver los detalles." },
    ],
    carousel: (c) => [
      { headline: `Desliza y descubre ${c.thing}`, body: "Usa las flechas para verlos todos." },
      { headline: "Lo más destacado", body: "Una diapositiva cada vez." },
    ],
    survey: (c) => [
      { headline: "¿Tienes diez segundos?", body: `Responde unas preguntas rápidas: ayudan a ${c.hasBrand ? c.brand : "nuestro equipo"} a mejorar.` },
      { headline: "Cuéntanos qué opinas", body: "Toca una respuesta para pasar a la siguiente pregunta." },
    ],
    quiz: () => [
      { headline: "Un quiz rápido", body: "Toca una respuesta para ver si aciertas." },
      { headline: "Ponte a prueba", body: "¿Cuántas aciertas?" },
    ],
    menu: () => [{ headline: "", body: "" }],
    itemCart: () => [
      { headline: "Arma tu pedido", body: "Añade productos: el total se actualiza al momento." },
      { headline: "Elige tus favoritos", body: "Añade lo que te guste; el total aparece abajo." },
    ],
  },
  useCode: (code) => `Usa el código ${code} al pagar`,
  noCode: "Sin código",
  codeHeadline: (code) => `Código ${code}`,
  offerEnds: (when) => ` — oferta válida hasta el ${when}`,
  conditionsNote: (c) => `${c}.`,
  thanks: (c) => ({ headline: "¡Gracias!", body: `Tus respuestas ayudan a ${c.hasBrand ? c.brand : "nuestro equipo"} a mejorar.` }),
  madeFor: (a) => `Pensado para ${a}.`,
  occasionSubject: (o, c) => [
    c.offer ? `${o}: ${c.offer}${c.code ? ` con el código ${c.code}` : ""}` : `${o}: ${c.thing}`,
    c.offer ? `${o}${at(c, "en")}: ${c.offer}` : `${o}${at(c, "en")}: ${c.thing}`,
  ],
  occasionHero: (o, c) => [c.offer ? `${o}: ${c.offer}` : `${o}: ${c.thing}`],
  yoursFor: (p) => `Por ${p}.`,
  lowest: (p) => `La forma más sencilla de empezar, por ${p}.`,
  highest: (p) => `La opción más completa, por ${p}.`,
  itemContext: (type, c) => {
    if (type === "restaurant") return `En la carta${at(c, "de")}${c.when ? ` desde el ${c.when}` : ""}.`;
    if (type === "event") return `En el programa de ${c.thing}${c.when ? ` el ${c.when}` : ""}.`;
    if (c.occasion) return `Para ${c.occasion}${at(c, "en")}${c.when ? `, hasta el ${c.when}` : ""}.`;
    return c.hasBrand ? `Solo en ${c.brand}${c.when ? `, hasta el ${c.when}` : ""}.` : c.when ? `Hasta el ${c.when}.` : "";
  },
  itemExtras: (c) => [c.offer ? `${cap(c.offer)}${c.code ? ` con el código ${c.code}` : ""}.` : undefined, c.audience ? `Elegido para nuestros ${c.audience}.` : undefined],
  askAbout: (t, c) => `¿Dudas sobre ${t.toLowerCase()}? Responde a este correo y ${c.hasBrand ? `el equipo de ${c.brand}` : "nuestro equipo"} te contestará.`,
  and: "y",
  quizSave: (c) => (c.code ? `¿Cuánto ahorras con el código ${c.code}?` : `¿Cuánto ahorras${at(c, "en")} ahora mismo?`),
  quizSaveAnswer: (o, c) => `Es ${o}${c.code && !o.includes(c.code) ? ` con el código ${c.code}` : ""}${c.when ? `, hasta el ${c.when}` : ""}.`,
  quizCheapest: "¿Cuál de estos cuesta menos?",
  quizCheapestAnswer: (n, p) => `${n}, por solo ${p}.`,
  quizFallback: [
    ["¿Quién envió el primer correo electrónico en red, en 1971?", ["Ray Tomlinson", "Tim Berners-Lee", "Vint Cerf"], 0, "Ray Tomlinson lo envió entre dos ordenadores de ARPANET."],
    ["¿Qué símbolo separa el usuario del servidor en una dirección de correo?", ["#", "@", "&"], 1, "Tomlinson eligió @ porque no aparecía en ningún nombre."],
    ["¿Qué significa «CC» en un correo?", ["Copia de carbón", "Copia común", "Contacto compartido"], 0, "Viene del papel carbón que se usaba para copiar cartas."],
  ],
  answersYesNo: ["Sí", "Quizás", "No"],
  answersLikely: ["Muy probable", "Quizás", "Poco probable"],
  answersRating: ["Muy bien", "Bien", "Mejorable"],
  masthead: masthead("Novedades", "La newsletter de la semana", "Estás invitado", "Bienvenido", "Novedades", "En la carta", "Tu próxima lección", "Tu opinión", "Ideas de viaje", "Juntos", "Tu pedido"),
};

const de: Words = {
  hosts: {
    tabs: (c) => [
      { headline: `Entdecken Sie ${c.thing}`, body: "Tippen Sie auf einen Reiter, um zu wechseln." },
      { headline: "Genauer hingeschaut", body: "Ein Reiter nach dem anderen." },
    ],
    accordion: () => [
      { headline: "Gut zu wissen", body: "Tippen Sie auf eine Frage, um die Antwort zu sehen." },
      { headline: "Ihre Fragen, unsere Antworten", body: "Öffnen Sie einen Abschnitt für die Details." },
    ],
    carousel: (c) => [
      { headline: `${c.thing} im Überblick`, body: "Mit den Pfeilen blättern Sie weiter." },
      { headline: "Die Highlights", body: "Eine Folie nach der anderen." },
    ],
    survey: (c) => [
      { headline: "Haben Sie zehn Sekunden?", body: `Beantworten Sie ein paar kurze Fragen – so wird ${c.hasBrand ? c.brand : "unser Angebot"} noch besser.` },
      { headline: "Ihre Meinung zählt", body: "Tippen Sie auf eine Antwort, um zur nächsten Frage zu gelangen." },
    ],
    quiz: () => [
      { headline: "Kurzes Quiz", body: "Tippen Sie auf eine Antwort und sehen Sie, ob sie stimmt." },
      { headline: "Testen Sie sich", body: "Wie viele wissen Sie?" },
    ],
    menu: () => [{ headline: "", body: "" }],
    itemCart: () => [
      { headline: "Stellen Sie Ihre Bestellung zusammen", body: "Artikel hinzufügen – die Summe passt sich sofort an." },
      { headline: "Ihre Favoriten", body: "Legen Sie in den Warenkorb, was Ihnen gefällt; die Summe steht unten." },
    ],
  },
  useCode: (code) => `Mit dem Code ${code} an der Kasse`,
  noCode: "Ganz ohne Code",
  codeHeadline: (code) => `Code ${code}`,
  offerEnds: (when) => ` – gültig bis ${when}`,
  conditionsNote: (c) => `${c}.`,
  thanks: (c) => ({ headline: "Vielen Dank!", body: `Ihre Antworten helfen ${c.hasBrand ? c.brand : "uns"}, besser zu werden.` }),
  madeFor: (a) => `Gemacht für ${a}.`,
  occasionSubject: (o, c) => [
    c.offer ? `${o}: ${c.offer}${c.code ? ` mit dem Code ${c.code}` : ""}` : `${o}: ${c.thing}`,
    c.offer ? `${o}${at(c, "bei")}: ${c.offer}` : `${o}${at(c, "bei")}: ${c.thing}`,
  ],
  occasionHero: (o, c) => [c.offer ? `${o}: ${c.offer}` : `${o}: ${c.thing}`],
  yoursFor: (p) => `Für ${p}.`,
  lowest: (p) => `Der einfachste Einstieg, für ${p}.`,
  highest: (p) => `Das Komplettpaket, für ${p}.`,
  itemContext: (type, c) => {
    if (type === "restaurant") return `Auf der Karte${at(c, "bei")}${c.when ? ` ab ${c.when}` : ""}.`;
    if (type === "event") return `Im Programm von ${c.thing}${c.when ? ` am ${c.when}` : ""}.`;
    if (c.occasion) return `Aus dem ${c.occasion}-Angebot${at(c, "von")}${c.when ? `, bis ${c.when}` : ""}.`;
    return c.hasBrand ? `Nur bei ${c.brand}${c.when ? `, bis ${c.when}` : ""}.` : c.when ? `Bis ${c.when}.` : "";
  },
  itemExtras: (c) => [c.offer ? `${cap(c.offer)}${c.code ? ` mit dem Code ${c.code}` : ""}.` : undefined, c.audience ? `Ausgewählt für unsere ${c.audience}.` : undefined],
  askAbout: (t, c) => `Fragen zum Thema ${t}? Antworten Sie auf diese E-Mail, ${c.hasBrand ? `das Team von ${c.brand}` : "unser Team"} hilft gern.`,
  and: "und",
  quizSave: (c) => (c.code ? `Wie viel sparen Sie mit dem Code ${c.code}?` : `Wie viel sparen Sie${at(c, "bei")} gerade?`),
  quizSaveAnswer: (o, c) => `Es sind ${o}${c.code && !o.includes(c.code) ? ` mit dem Code ${c.code}` : ""}${c.when ? `, bis ${c.when}` : ""}.`,
  quizCheapest: "Was davon kostet am wenigsten?",
  quizCheapestAnswer: (n, p) => `${n}, für nur ${p}.`,
  quizFallback: [
    ["Wer verschickte 1971 die erste E-Mail in einem Netzwerk?", ["Ray Tomlinson", "Tim Berners-Lee", "Vint Cerf"], 0, "Ray Tomlinson schickte sie zwischen zwei Rechnern im ARPANET."],
    ["Welches Zeichen trennt in einer E-Mail-Adresse Name und Server?", ["#", "@", "&"], 1, "Tomlinson wählte das @, weil es in keinem Namen vorkam."],
    ["Wofür steht „CC“ in einer E-Mail?", ["Carbon Copy", "Computer Copy", "Common Contact"], 0, "Es stammt vom Kohlepapier, mit dem man früher Briefe kopierte."],
  ],
  answersYesNo: ["Ja", "Vielleicht", "Nein"],
  answersLikely: ["Sehr wahrscheinlich", "Vielleicht", "Eher nicht"],
  answersRating: ["Sehr gut", "Gut", "Ausbaufähig"],
  masthead: masthead("Neu im Shop", "Der Newsletter der Woche", "Sie sind eingeladen", "Willkommen", "Neuigkeiten", "Auf der Karte", "Ihre nächste Lektion", "Ihre Meinung", "Reiseideen", "Gemeinsam", "Ihre Bestellung"),
};

const pt: Words = {
  hosts: {
    tabs: (c) => [
      { headline: `Conheça ${c.thing}`, body: "Toque numa aba para alternar entre elas." },
      { headline: "Veja de perto", body: "Uma aba de cada vez." },
    ],
    accordion: () => [
      { headline: "Bom saber", body: "Toque numa pergunta para ver a resposta." },
      { headline: "Suas dúvidas, respondidas", body: "Abra qualquer painel para ver os detalhes." },
    ],
    carousel: (c) => [
      { headline: `Deslize e conheça ${c.thing}`, body: "Use as setas para ver cada um." },
      { headline: "Os destaques", body: "Um slide de cada vez." },
    ],
    survey: (c) => [
      { headline: "Tem dez segundos?", body: `Responda a algumas perguntas rápidas — isso ajuda ${c.hasBrand ? c.brand : "nossa equipe"} a melhorar.` },
      { headline: "Conte o que você acha", body: "Toque numa resposta para ir à próxima pergunta." },
    ],
    quiz: () => [
      { headline: "Quiz rápido", body: "Toque numa resposta para ver se acertou." },
      { headline: "Teste seus conhecimentos", body: "Quantas você acerta?" },
    ],
    menu: () => [{ headline: "", body: "" }],
    itemCart: () => [
      { headline: "Monte seu pedido", body: "Adicione itens — o total é atualizado na hora." },
      { headline: "Escolha seus favoritos", body: "Adicione o que quiser; o total aparece embaixo." },
    ],
  },
  useCode: (code) => `Use o código ${code} ao finalizar a compra`,
  noCode: "Sem código",
  codeHeadline: (code) => `Código ${code}`,
  offerEnds: (when) => ` — oferta válida até ${when}`,
  conditionsNote: (c) => `${c}.`,
  thanks: (c) => ({ headline: "Obrigado!", body: `Suas respostas ajudam ${c.hasBrand ? c.brand : "nossa equipe"} a melhorar.` }),
  madeFor: (a) => `Feito para ${a}.`,
  occasionSubject: (o, c) => [
    c.offer ? `${o}: ${c.offer}${c.code ? ` com o código ${c.code}` : ""}` : `${o}: ${c.thing}`,
    c.offer ? `${o}${at(c, "em")}: ${c.offer}` : `${o}: ${c.thing}`,
  ],
  occasionHero: (o, c) => [c.offer ? `${o}: ${c.offer}` : `${o}: ${c.thing}`],
  yoursFor: (p) => `Por ${p}.`,
  lowest: (p) => `O jeito mais simples de começar, por ${p}.`,
  highest: (p) => `A opção mais completa, por ${p}.`,
  itemContext: (type, c) => {
    if (type === "restaurant") return `No cardápio${at(c, "de")}${c.when ? ` a partir de ${c.when}` : ""}.`;
    if (type === "event") return `Na programação de ${c.thing}${c.when ? ` em ${c.when}` : ""}.`;
    if (c.occasion) return `Para ${c.occasion}${c.when ? `, até ${c.when}` : ""}.`;
    return c.hasBrand ? `Só aqui, em ${c.brand}${c.when ? `, até ${c.when}` : ""}.` : c.when ? `Até ${c.when}.` : "";
  },
  itemExtras: (c) => [c.offer ? `${cap(c.offer)}${c.code ? ` com o código ${c.code}` : ""}.` : undefined, c.audience ? `Escolhido para nossos ${c.audience}.` : undefined],
  askAbout: (t, c) => `Dúvidas sobre ${t.toLowerCase()}? Responda a este e-mail e ${c.hasBrand ? `a equipe ${c.brand}` : "nossa equipe"} vai ajudar.`,
  and: "e",
  quizSave: (c) => (c.code ? `Quanto você economiza com o código ${c.code}?` : "Quanto você economiza agora?"),
  quizSaveAnswer: (o, c) => `São ${o}${c.code && !o.includes(c.code) ? ` com o código ${c.code}` : ""}${c.when ? `, até ${c.when}` : ""}.`,
  quizCheapest: "Qual destes custa menos?",
  quizCheapestAnswer: (n, p) => `${n}, por apenas ${p}.`,
  quizFallback: [
    ["Quem enviou o primeiro e-mail em rede, em 1971?", ["Ray Tomlinson", "Tim Berners-Lee", "Vint Cerf"], 0, "Ray Tomlinson o enviou entre dois computadores da ARPANET."],
    ["Que símbolo separa o usuário do servidor num endereço de e-mail?", ["#", "@", "&"], 1, "Tomlinson escolheu o @ porque ele não aparecia em nenhum nome."],
    ["O que significa \"CC\" num e-mail?", ["Cópia carbono", "Cópia comum", "Contato comum"], 0, "Vem do papel carbono usado para copiar cartas."],
  ],
  answersYesNo: ["Sim", "Talvez", "Não"],
  answersLikely: ["Muito provável", "Talvez", "Pouco provável"],
  answersRating: ["Ótimo", "Bom", "Pode melhorar"],
  masthead: masthead("Novidades", "A newsletter da semana", "Você está convidado", "Boas-vindas", "Novidades", "No cardápio", "Sua próxima aula", "Sua opinião", "Ideias de viagem", "Juntos", "Seu pedido"),
};

const it: Words = {
  hosts: {
    tabs: (c) => [
      { headline: `Scopri ${c.thing}`, body: "Tocca una scheda per passare dall'una all'altra." },
      { headline: "Da vicino", body: "Una scheda alla volta." },
    ],
    accordion: () => [
      { headline: "Buono a sapersi", body: "Tocca una domanda per vedere la risposta." },
      { headline: "Le tue domande, le nostre risposte", body: "Apri un pannello per i dettagli." },
    ],
    carousel: (c) => [
      { headline: `Sfoglia ${c.thing}`, body: "Usa le frecce per vederli tutti." },
      { headline: "I momenti migliori", body: "Una slide alla volta." },
    ],
    survey: (c) => [
      { headline: "Hai dieci secondi?", body: `Rispondi a qualche domanda veloce: aiuta ${c.hasBrand ? c.brand : "il nostro team"} a migliorare.` },
      { headline: "Dicci cosa ne pensi", body: "Tocca una risposta per passare alla domanda successiva." },
    ],
    quiz: () => [
      { headline: "Quiz lampo", body: "Tocca una risposta per vedere se hai indovinato." },
      { headline: "Mettiti alla prova", body: "Quante ne indovini?" },
    ],
    menu: () => [{ headline: "", body: "" }],
    itemCart: () => [
      { headline: "Componi il tuo ordine", body: "Aggiungi articoli: il totale si aggiorna subito." },
      { headline: "Scegli i tuoi preferiti", body: "Aggiungi ciò che ti piace; il totale è in fondo." },
    ],
  },
  useCode: (code) => `Usa il codice ${code} alla cassa`,
  noCode: "Nessun codice necessario",
  codeHeadline: (code) => `Codice ${code}`,
  offerEnds: (when) => ` — offerta valida fino al ${when}`,
  conditionsNote: (c) => `${c}.`,
  thanks: (c) => ({ headline: "Grazie!", body: `Le tue risposte aiutano ${c.hasBrand ? c.brand : "il nostro team"} a migliorare.` }),
  madeFor: (a) => `Pensato per ${a}.`,
  occasionSubject: (o, c) => [
    c.offer ? `${o}: ${c.offer}${c.code ? ` con il codice ${c.code}` : ""}` : `${o}: ${c.thing}`,
    c.offer ? `${o}${at(c, "da")}: ${c.offer}` : `${o}${at(c, "da")}: ${c.thing}`,
  ],
  occasionHero: (o, c) => [c.offer ? `${o}: ${c.offer}` : `${o}: ${c.thing}`],
  yoursFor: (p) => `A ${p}.`,
  lowest: (p) => `Il modo più semplice per iniziare, a ${p}.`,
  highest: (p) => `La scelta più completa, a ${p}.`,
  itemContext: (type, c) => {
    if (type === "restaurant") return `Nel menu${at(c, "di")}${c.when ? ` dal ${c.when}` : ""}.`;
    if (type === "event") return `Nel programma di ${c.thing}${c.when ? ` il ${c.when}` : ""}.`;
    if (c.occasion) return `Per ${c.occasion}${at(c, "da")}${c.when ? `, fino al ${c.when}` : ""}.`;
    return c.hasBrand ? `Solo da ${c.brand}${c.when ? `, fino al ${c.when}` : ""}.` : c.when ? `Fino al ${c.when}.` : "";
  },
  itemExtras: (c) => [c.offer ? `${cap(c.offer)}${c.code ? ` con il codice ${c.code}` : ""}.` : undefined, c.audience ? `Scelto per i nostri ${c.audience}.` : undefined],
  askAbout: (t, c) => `Domande su ${t.toLowerCase()}? Rispondi a questa email e ${c.hasBrand ? `il team di ${c.brand}` : "il nostro team"} ti risponderà.`,
  and: "e",
  quizSave: (c) => (c.code ? `Quanto risparmi con il codice ${c.code}?` : `Quanto risparmi${at(c, "da")} adesso?`),
  quizSaveAnswer: (o, c) => `È ${o}${c.code && !o.includes(c.code) ? ` con il codice ${c.code}` : ""}${c.when ? `, fino al ${c.when}` : ""}.`,
  quizCheapest: "Quale di questi costa meno?",
  quizCheapestAnswer: (n, p) => `${n}, a soli ${p}.`,
  quizFallback: [
    ["Chi inviò la prima email in rete, nel 1971?", ["Ray Tomlinson", "Tim Berners-Lee", "Vint Cerf"], 0, "Ray Tomlinson la inviò tra due computer di ARPANET."],
    ["Quale simbolo separa utente e server in un indirizzo email?", ["#", "@", "&"], 1, "Tomlinson scelse la @ perché non compariva in nessun nome."],
    ["Cosa significa «CC» in un'email?", ["Copia carbone", "Copia comune", "Contatto condiviso"], 0, "Viene dalla carta carbone usata per copiare le lettere."],
  ],
  answersYesNo: ["Sì", "Forse", "No"],
  answersLikely: ["Molto probabile", "Forse", "Poco probabile"],
  answersRating: ["Ottimo", "Buono", "Migliorabile"],
  masthead: masthead("Novità", "La newsletter della settimana", "Sei invitato", "Benvenuto", "Novità", "Nel menu", "La tua prossima lezione", "La tua opinione", "Idee di viaggio", "Insieme", "Il tuo ordine"),
};

export const WORDS: Record<FrameLanguage, Words> = { en, fr, es, de, pt, it };

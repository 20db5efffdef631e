/**
 * Compact copy templates for prompts written in French, Spanish, German, Portuguese or Italian:
 * one set per language, shared by every email type (only the fallback topic, the audience and the
 * buttons change with the type). Every sentence carries the prompt's own words — brand, topic,
 * occasion, offer, code, dates — so a non-English prompt gets an email in its own language.
 */
import type { EmailType, FrameLanguage } from "~/domain/prompt/facts";
import { cap, type CopyContext, type TypeCopy } from "./templates";

type Kind = "shop" | "event" | "food" | "news" | "learn" | "help" | "other" | "survey" | "quiz";

const KIND: Record<EmailType, Kind> = {
  ecommerce: "shop",
  transactional: "shop",
  travel: "shop",
  event: "event",
  restaurant: "food",
  newsletter: "news",
  announcement: "other",
  onboarding: "other",
  education: "learn",
  feedback: "survey",
  nonprofit: "help",
};

interface Lang {
  thing: Record<EmailType, string>;
  audience: string;
  ctas: Record<Kind, string[]>;
  subjects: (c: CopyContext) => string[];
  preheaders: (c: CopyContext) => string[];
  heroHeadlines: (c: CopyContext) => string[];
  heroBodies: (c: CopyContext) => string[];
  /** Feedback and event emails open differently from a presentation. */
  feedbackHero: (c: CopyContext) => [string, string];
  eventHero: (c: CopyContext) => [string, string];
  quizHero: (c: CopyContext) => [string, string];
  closingHeadlines: (c: CopyContext) => string[];
  closingBodies: (c: CopyContext) => string[];
  themes: (c: CopyContext) => Array<{ label: string; headline: string; body: string }>;
  faqs: (c: CopyContext) => Array<[string, string]>;
  survey: (c: CopyContext) => Array<[string, string[]]>;
  menu: string[];
  cart: Array<[string, string, number]>;
}

const things = (
  ecommerce: string, newsletter: string, event: string, onboarding: string, announcement: string, restaurant: string,
  education: string, feedback: string, travel: string, nonprofit: string, transactional: string,
): Record<EmailType, string> => ({ ecommerce, newsletter, event, onboarding, announcement, restaurant, education, feedback, travel, nonprofit, transactional });

const fr: Lang = {
  thing: things("la nouvelle collection", "cette édition", "notre événement", "votre nouveau compte", "notre nouveauté", "notre nouvelle carte", "votre prochaine leçon", "votre expérience récente", "votre prochaine escapade", "notre campagne", "votre commande"),
  audience: "clients",
  ctas: {
    shop: ["Découvrir", "J'en profite", "Voir la sélection"],
    event: ["Je m'inscris", "Réserver ma place"],
    food: ["Réserver une table", "Voir la carte"],
    news: ["Lire la suite", "Lire l'édition"],
    learn: ["Commencer", "Continuer"],
    help: ["Faire un don", "Nous soutenir"],
    other: ["Découvrir", "En savoir plus"],
    survey: ["Donner mon avis", "Répondre"],
    quiz: ["Jouer", "Tester mes connaissances"],
  },
  subjects: (c) => [
    c.offer ? `${cap(c.offer)}${c.code ? ` avec le code ${c.code}` : ""}${c.when ? ` jusqu'au ${c.when}` : ""}` : `${cap(c.thing)}${c.hasBrand ? ` chez ${c.brand}` : ""}`,
    c.hasBrand ? `${c.brand} : ${c.offer ?? c.thing}` : `Découvrez ${c.thing}`,
  ],
  preheaders: (c) => [
    c.offer ? `Faites votre choix et profitez de ${c.offer}${c.when ? ` jusqu'au ${c.when}` : ""}.` : `Tout ce qu'il faut savoir sur ${c.thing}, en un coup d'œil.`,
    `${cap(c.thing)} : l'essentiel en quelques lignes.`,
  ],
  heroHeadlines: (c) => [c.offer ? `${cap(c.offer)}, rien que pour vous` : `Voici ${c.thing}`, `${cap(c.thing)}${c.hasBrand ? ` par ${c.brand}` : ""}`],
  heroBodies: (c) => [
    `${c.hasBrand ? `${c.brand} vous présente` : "Nous vous présentons"} ${c.thing}${c.when ? `, jusqu'au ${c.when}` : ""}.${c.offer ? ` Profitez de ${c.offer}${c.code ? ` avec le code ${c.code}` : ""}.` : ""} Découvrez la sélection ci-dessous.`,
  ],
  feedbackHero: (c) => ["Votre avis compte", `Dites-nous ce que vous avez pensé de ${c.thing}${c.hasBrand ? ` chez ${c.brand}` : ""} : cela prend moins d'une minute.`],
  eventHero: (c) => [`Rejoignez-nous : ${c.thing}`, `${c.hasBrand && c.brand !== c.thing ? `${c.brand} vous invite à` : "Vous êtes invité à"} ${c.thing}${c.when ? ` le ${c.when}` : ""}. Réservez votre place dès maintenant.`],
  quizHero: (c) => ["À vous de jouer", `${c.hasBrand ? `${c.brand} vous propose` : "Voici"} un petit quiz : quelques questions, une réponse à chaque fois.`],
  closingHeadlines: (c) => [c.when ? `Rendez-vous avant le ${c.when}` : "À très vite", "Une question ?"],
  closingBodies: (c) => [`Répondez simplement à cet e-mail : ${c.hasBrand ? `l'équipe ${c.brand}` : "notre équipe"} lit chaque message.${c.code ? ` N'oubliez pas le code ${c.code}.` : ""}`],
  themes: (c) => [
    { label: "L'essentiel", headline: `${cap(c.thing)} en bref`, body: `Ce qu'il faut retenir${c.when ? `, jusqu'au ${c.when}` : ""}.` },
    { label: "Pour vous", headline: "Choisi pour vous", body: `Une sélection pensée pour nos ${c.audience}.` },
    { label: "Et ensuite", headline: "La suite", body: `${c.hasBrand ? `${c.brand} vous` : "Nous vous"} tiendra au courant des prochaines nouveautés.` },
  ],
  faqs: (c) => [
    ["Comment en profiter ?", c.code ? `Saisissez le code ${c.code} lors du paiement${c.when ? ` avant le ${c.when}` : ""}.` : `Tout est expliqué dans cet e-mail${c.when ? `, valable jusqu'au ${c.when}` : ""}.`],
    ["À qui m'adresser ?", `Répondez à cet e-mail : ${c.hasBrand ? `l'équipe ${c.brand}` : "notre équipe"} vous répondra.`],
    ["Comment modifier mes préférences ?", "Utilisez le lien en bas de cet e-mail."],
  ],
  survey: (c) => [
    [`Que pensez-vous de ${c.thing} ?`, ["Très bien", "Bien", "Peut mieux faire"]],
    ["Nous recommanderiez-vous ?", ["Oui", "Peut-être", "Non"]],
    ["Que devrions-nous améliorer ?", ["Les prix", "Le choix", "Le service"]],
  ],
  menu: ["Nouveautés", "Sélection", "Aide"],
  cart: [["Carte cadeau", "Le montant de votre choix, envoyé par e-mail", 2500], ["Tote bag", "En toile solide", 1800]],
};

const es: Lang = {
  thing: things("la nueva colección", "esta edición", "nuestro evento", "tu nueva cuenta", "nuestra novedad", "nuestra nueva carta", "tu próxima lección", "tu experiencia reciente", "tu próxima escapada", "nuestra campaña", "tu pedido"),
  audience: "clientes",
  ctas: {
    shop: ["Comprar ahora", "Ver la selección", "Aprovechar la oferta"],
    event: ["Inscribirme", "Reservar mi plaza"],
    food: ["Reservar mesa", "Ver la carta"],
    news: ["Seguir leyendo", "Leer la edición"],
    learn: ["Empezar", "Continuar"],
    help: ["Donar ahora", "Colaborar"],
    other: ["Descubrir", "Más información"],
    survey: ["Dar mi opinión", "Responder"],
    quiz: ["Jugar", "Ponerme a prueba"],
  },
  subjects: (c) => [
    c.offer ? `${cap(c.offer)}${c.code ? ` con el código ${c.code}` : ""}${c.when ? ` hasta el ${c.when}` : ""}` : `${cap(c.thing)}${c.hasBrand ? ` en ${c.brand}` : ""}`,
    c.hasBrand ? `${c.brand}: ${c.offer ?? c.thing}` : `Descubre ${c.thing}`,
  ],
  preheaders: (c) => [
    c.offer ? `Elige tus favoritos y aprovecha ${c.offer}${c.when ? ` hasta el ${c.when}` : ""}.` : `Todo sobre ${c.thing}, de un vistazo.`,
    `${cap(c.thing)}: lo esencial en pocas líneas.`,
  ],
  heroHeadlines: (c) => [c.offer ? `${cap(c.offer)}, solo para ti` : `Te presentamos ${c.thing}`, `${cap(c.thing)}${c.hasBrand ? ` de ${c.brand}` : ""}`],
  heroBodies: (c) => [
    `${c.hasBrand ? `${c.brand} te presenta` : "Te presentamos"} ${c.thing}${c.when ? `, hasta el ${c.when}` : ""}.${c.offer ? ` Aprovecha ${c.offer}${c.code ? ` con el código ${c.code}` : ""}.` : ""} Descubre la selección aquí abajo.`,
  ],
  feedbackHero: (c) => ["Tu opinión cuenta", `Cuéntanos qué te pareció ${c.thing}${c.hasBrand ? ` en ${c.brand}` : ""}: te llevará menos de un minuto.`],
  eventHero: (c) => [`Te esperamos: ${c.thing}`, `${c.hasBrand && c.brand !== c.thing ? `${c.brand} te invita a` : "Te invitamos a"} ${c.thing}${c.when ? ` el ${c.when}` : ""}. Reserva tu plaza ahora.`],
  quizHero: (c) => ["¿Te atreves?", `${c.hasBrand ? `${c.brand} te propone` : "Te proponemos"} un quiz rápido: unas preguntas y la respuesta al momento.`],
  closingHeadlines: (c) => [c.when ? `Te esperamos antes del ${c.when}` : "Hasta pronto", "¿Alguna pregunta?"],
  closingBodies: (c) => [`Responde a este correo: ${c.hasBrand ? `el equipo de ${c.brand}` : "nuestro equipo"} lee cada mensaje.${c.code ? ` No olvides el código ${c.code}.` : ""}`],
  themes: (c) => [
    { label: "Lo esencial", headline: `${cap(c.thing)} en breve`, body: `Lo que necesitas saber${c.when ? `, hasta el ${c.when}` : ""}.` },
    { label: "Para ti", headline: "Elegido para ti", body: `Una selección pensada para nuestros ${c.audience}.` },
    { label: "Lo próximo", headline: "Lo que viene", body: `${c.hasBrand ? c.brand : "Nuestro equipo"} te contará las próximas novedades.` },
  ],
  faqs: (c) => [
    ["¿Cómo lo aprovecho?", c.code ? `Introduce el código ${c.code} al pagar${c.when ? ` antes del ${c.when}` : ""}.` : `Todo está en este correo${c.when ? `, válido hasta el ${c.when}` : ""}.`],
    ["¿A quién escribo?", `Responde a este correo y ${c.hasBrand ? `el equipo de ${c.brand}` : "nuestro equipo"} te contestará.`],
    ["¿Cómo cambio mis preferencias?", "Usa el enlace al final de este correo."],
  ],
  survey: (c) => [
    [`¿Qué te parece ${c.thing}?`, ["Muy bien", "Bien", "Mejorable"]],
    ["¿Nos recomendarías?", ["Sí", "Quizás", "No"]],
    ["¿Qué deberíamos mejorar?", ["Los precios", "La variedad", "La atención"]],
  ],
  menu: ["Novedades", "Selección", "Ayuda"],
  cart: [["Tarjeta regalo", "El importe que quieras, por correo", 2500], ["Bolsa de tela", "Lona resistente", 1800]],
};

const de: Lang = {
  thing: things("die neue Kollektion", "diese Ausgabe", "unsere Veranstaltung", "Ihr neues Konto", "unsere Neuheit", "unsere neue Karte", "Ihre nächste Lektion", "Ihre letzte Erfahrung", "Ihre nächste Reise", "unsere Kampagne", "Ihre Bestellung"),
  audience: "Kundinnen und Kunden",
  ctas: {
    shop: ["Jetzt entdecken", "Zur Auswahl", "Angebot sichern"],
    event: ["Jetzt anmelden", "Platz reservieren"],
    food: ["Tisch reservieren", "Zur Speisekarte"],
    news: ["Weiterlesen", "Zur Ausgabe"],
    learn: ["Jetzt starten", "Weiterlernen"],
    help: ["Jetzt spenden", "Unterstützen"],
    other: ["Jetzt entdecken", "Mehr erfahren"],
    survey: ["Meinung abgeben", "Jetzt antworten"],
    quiz: ["Mitspielen", "Wissen testen"],
  },
  subjects: (c) => [
    c.offer ? `${cap(c.offer)}${c.code ? ` mit dem Code ${c.code}` : ""}${c.when ? ` bis ${c.when}` : ""}` : `${cap(c.thing)}${c.hasBrand ? ` bei ${c.brand}` : ""}`,
    c.hasBrand ? `${c.brand}: ${c.offer ?? c.thing}` : `Entdecken Sie ${c.thing}`,
  ],
  preheaders: (c) => [
    c.offer ? `Jetzt auswählen und ${c.offer} sichern${c.when ? ` – bis ${c.when}` : ""}.` : `${cap(c.thing)} auf einen Blick.`,
    `${cap(c.thing)}: das Wichtigste in wenigen Zeilen.`,
  ],
  heroHeadlines: (c) => [c.offer ? `${cap(c.offer)} – nur für Sie` : `Entdecken Sie ${c.thing}`, `${cap(c.thing)}${c.hasBrand ? ` von ${c.brand}` : ""}`],
  heroBodies: (c) => [
    `${c.hasBrand ? `${c.brand} präsentiert` : "Wir präsentieren"} ${c.thing}${c.when ? ` – bis ${c.when}` : ""}.${c.offer ? ` Sichern Sie sich ${c.offer}${c.code ? ` mit dem Code ${c.code}` : ""}.` : ""} Die Auswahl finden Sie unten.`,
  ],
  feedbackHero: (c) => ["Ihre Meinung zählt", `Wie war ${c.thing}${c.hasBrand ? ` bei ${c.brand}` : ""}? Die Antwort dauert keine Minute.`],
  eventHero: (c) => [`Seien Sie dabei: ${c.thing}`, `${c.hasBrand && c.brand !== c.thing ? `${c.brand} lädt Sie ein` : "Wir laden Sie ein"}: ${c.thing}${c.when ? ` am ${c.when}` : ""}. Sichern Sie sich jetzt Ihren Platz.`],
  quizHero: (c) => ["Machen Sie mit", `${c.hasBrand ? `${c.brand} hat` : "Wir haben"} ein kurzes Quiz für Sie: ein paar Fragen, die Antwort gibt es sofort.`],
  closingHeadlines: (c) => [c.when ? `Nur bis ${c.when}` : "Bis bald", "Noch Fragen?"],
  closingBodies: (c) => [`Antworten Sie einfach auf diese E-Mail – ${c.hasBrand ? `das Team von ${c.brand}` : "unser Team"} liest jede Nachricht.${c.code ? ` Denken Sie an den Code ${c.code}.` : ""}`],
  themes: (c) => [
    { label: "Das Wichtigste", headline: `${cap(c.thing)} in Kürze`, body: `Was Sie wissen müssen${c.when ? ` – bis ${c.when}` : ""}.` },
    { label: "Für Sie", headline: "Für Sie ausgewählt", body: `Eine Auswahl für unsere ${c.audience}.` },
    { label: "Als Nächstes", headline: "Wie es weitergeht", body: `${c.hasBrand ? c.brand : "Wir"} ${c.hasBrand ? "hält" : "halten"} Sie auf dem Laufenden.` },
  ],
  faqs: (c) => [
    ["Wie löse ich das Angebot ein?", c.code ? `Geben Sie an der Kasse den Code ${c.code} ein${c.when ? ` – bis ${c.when}` : ""}.` : `Alles steht in dieser E-Mail${c.when ? ` – gültig bis ${c.when}` : ""}.`],
    ["An wen wende ich mich?", `Antworten Sie auf diese E-Mail; ${c.hasBrand ? `das Team von ${c.brand}` : "unser Team"} meldet sich.`],
    ["Wie ändere ich meine Einstellungen?", "Über den Link am Ende dieser E-Mail."],
  ],
  survey: (c) => [
    [`Wie gefällt Ihnen ${c.thing}?`, ["Sehr gut", "Gut", "Ausbaufähig"]],
    ["Würden Sie uns weiterempfehlen?", ["Ja", "Vielleicht", "Nein"]],
    ["Was sollten wir verbessern?", ["Die Preise", "Die Auswahl", "Den Service"]],
  ],
  menu: ["Neuheiten", "Auswahl", "Hilfe"],
  cart: [["Geschenkgutschein", "Wunschbetrag, per E-Mail", 2500], ["Stofftasche", "Robustes Canvas", 1800]],
};

const pt: Lang = {
  thing: things("a nova coleção", "esta edição", "nosso evento", "sua nova conta", "nossa novidade", "nosso novo cardápio", "sua próxima aula", "sua experiência recente", "sua próxima viagem", "nossa campanha", "seu pedido"),
  audience: "clientes",
  ctas: {
    shop: ["Comprar agora", "Ver a seleção", "Aproveitar"],
    event: ["Quero me inscrever", "Garantir minha vaga"],
    food: ["Reservar mesa", "Ver o cardápio"],
    news: ["Continuar lendo", "Ler a edição"],
    learn: ["Começar", "Continuar"],
    help: ["Doar agora", "Apoiar"],
    other: ["Conhecer", "Saiba mais"],
    survey: ["Dar minha opinião", "Responder"],
    quiz: ["Jogar", "Testar meus conhecimentos"],
  },
  subjects: (c) => [
    c.offer ? `${cap(c.offer)}${c.code ? ` com o código ${c.code}` : ""}${c.when ? ` até ${c.when}` : ""}` : `${cap(c.thing)}${c.hasBrand ? ` em ${c.brand}` : ""}`,
    c.hasBrand ? `${c.brand}: ${c.offer ?? c.thing}` : `Conheça ${c.thing}`,
  ],
  preheaders: (c) => [
    c.offer ? `Escolha seus favoritos e aproveite ${c.offer}${c.when ? ` até ${c.when}` : ""}.` : `Tudo sobre ${c.thing}, num piscar de olhos.`,
    `${cap(c.thing)}: o essencial em poucas linhas.`,
  ],
  heroHeadlines: (c) => [c.offer ? `${cap(c.offer)}, só para você` : `Apresentamos ${c.thing}`, `${cap(c.thing)}${c.hasBrand ? `, de ${c.brand}` : ""}`],
  heroBodies: (c) => [
    `${c.hasBrand ? `${c.brand} apresenta` : "Apresentamos"} ${c.thing}${c.when ? `, até ${c.when}` : ""}.${c.offer ? ` Aproveite ${c.offer}${c.code ? ` com o código ${c.code}` : ""}.` : ""} Confira a seleção abaixo.`,
  ],
  feedbackHero: (c) => ["Sua opinião importa", `Conte o que você achou de ${c.thing}${c.hasBrand ? ` em ${c.brand}` : ""}: leva menos de um minuto.`],
  eventHero: (c) => [`Participe: ${c.thing}`, `${c.hasBrand && c.brand !== c.thing ? `${c.brand} convida você para` : "Convidamos você para"} ${c.thing}${c.when ? ` em ${c.when}` : ""}. Garanta sua vaga agora.`],
  quizHero: (c) => ["Topa o desafio?", `${c.hasBrand ? `${c.brand} preparou` : "Preparamos"} um quiz rápido: algumas perguntas e a resposta na hora.`],
  closingHeadlines: (c) => [c.when ? `Aproveite até ${c.when}` : "Até breve", "Alguma dúvida?"],
  closingBodies: (c) => [`Basta responder a este e-mail: ${c.hasBrand ? `a equipe ${c.brand}` : "nossa equipe"} lê cada mensagem.${c.code ? ` Não esqueça o código ${c.code}.` : ""}`],
  themes: (c) => [
    { label: "O essencial", headline: `${cap(c.thing)} em resumo`, body: `O que você precisa saber${c.when ? `, até ${c.when}` : ""}.` },
    { label: "Para você", headline: "Escolhido para você", body: `Uma seleção pensada para nossos ${c.audience}.` },
    { label: "O que vem", headline: "Próximos passos", body: `${c.hasBrand ? c.brand : "Nossa equipe"} vai contar as próximas novidades.` },
  ],
  faqs: (c) => [
    ["Como aproveito?", c.code ? `Use o código ${c.code} ao finalizar a compra${c.when ? ` até ${c.when}` : ""}.` : `Está tudo neste e-mail${c.when ? `, válido até ${c.when}` : ""}.`],
    ["Com quem falo?", `Responda a este e-mail e ${c.hasBrand ? `a equipe ${c.brand}` : "nossa equipe"} vai responder.`],
    ["Como mudo minhas preferências?", "Use o link no fim deste e-mail."],
  ],
  survey: (c) => [
    [`O que você achou de ${c.thing}?`, ["Ótimo", "Bom", "Pode melhorar"]],
    ["Você nos recomendaria?", ["Sim", "Talvez", "Não"]],
    ["O que devemos melhorar?", ["Os preços", "A variedade", "O atendimento"]],
  ],
  menu: ["Novidades", "Seleção", "Ajuda"],
  cart: [["Vale-presente", "O valor que você quiser, por e-mail", 2500], ["Ecobag", "Lona resistente", 1800]],
};

const it: Lang = {
  thing: things("la nuova collezione", "questa edizione", "il nostro evento", "il tuo nuovo account", "la nostra novità", "il nostro nuovo menu", "la tua prossima lezione", "la tua esperienza recente", "la tua prossima fuga", "la nostra campagna", "il tuo ordine"),
  audience: "clienti",
  ctas: {
    shop: ["Acquista ora", "Scopri la selezione", "Approfitta dell'offerta"],
    event: ["Iscriviti", "Prenota il tuo posto"],
    food: ["Prenota un tavolo", "Guarda il menu"],
    news: ["Continua a leggere", "Leggi l'edizione"],
    learn: ["Inizia", "Continua"],
    help: ["Dona ora", "Sostienici"],
    other: ["Scopri", "Scopri di più"],
    survey: ["Dai la tua opinione", "Rispondi"],
    quiz: ["Gioca", "Mettiti alla prova"],
  },
  subjects: (c) => [
    c.offer ? `${cap(c.offer)}${c.code ? ` con il codice ${c.code}` : ""}${c.when ? ` fino al ${c.when}` : ""}` : `${cap(c.thing)}${c.hasBrand ? ` da ${c.brand}` : ""}`,
    c.hasBrand ? `${c.brand}: ${c.offer ?? c.thing}` : `Scopri ${c.thing}`,
  ],
  preheaders: (c) => [
    c.offer ? `Scegli i tuoi preferiti e approfitta di ${c.offer}${c.when ? ` fino al ${c.when}` : ""}.` : `${cap(c.thing)}, a colpo d'occhio.`,
    `${cap(c.thing)}: l'essenziale in poche righe.`,
  ],
  heroHeadlines: (c) => [c.offer ? `${cap(c.offer)}, solo per te` : `Ecco ${c.thing}`, `${cap(c.thing)}${c.hasBrand ? ` di ${c.brand}` : ""}`],
  heroBodies: (c) => [
    `${c.hasBrand ? `${c.brand} ti presenta` : "Ti presentiamo"} ${c.thing}${c.when ? `, fino al ${c.when}` : ""}.${c.offer ? ` Approfitta di ${c.offer}${c.code ? ` con il codice ${c.code}` : ""}.` : ""} Scopri la selezione qui sotto.`,
  ],
  feedbackHero: (c) => ["La tua opinione conta", `Dicci cosa ne pensi di ${c.thing}${c.hasBrand ? ` da ${c.brand}` : ""}: ci vuole meno di un minuto.`],
  eventHero: (c) => [`Partecipa: ${c.thing}`, `${c.hasBrand && c.brand !== c.thing ? `${c.brand} ti invita a` : "Ti invitiamo a"} ${c.thing}${c.when ? ` il ${c.when}` : ""}. Prenota ora il tuo posto.`],
  quizHero: (c) => ["Mettiti in gioco", `${c.hasBrand ? `${c.brand} ti propone` : "Ti proponiamo"} un quiz veloce: qualche domanda e la risposta subito.`],
  closingHeadlines: (c) => [c.when ? `Ti aspettiamo entro il ${c.when}` : "A presto", "Domande?"],
  closingBodies: (c) => [`Rispondi a questa email: ${c.hasBrand ? `il team di ${c.brand}` : "il nostro team"} legge ogni messaggio.${c.code ? ` Non dimenticare il codice ${c.code}.` : ""}`],
  themes: (c) => [
    { label: "L'essenziale", headline: `${cap(c.thing)} in breve`, body: `Quello che devi sapere${c.when ? `, fino al ${c.when}` : ""}.` },
    { label: "Per te", headline: "Scelto per te", body: `Una selezione pensata per i nostri ${c.audience}.` },
    { label: "Prossimamente", headline: "Cosa arriva", body: `${c.hasBrand ? c.brand : "Il nostro team"} ti terrà aggiornato sulle novità.` },
  ],
  faqs: (c) => [
    ["Come ne approfitto?", c.code ? `Inserisci il codice ${c.code} alla cassa${c.when ? ` entro il ${c.when}` : ""}.` : `Trovi tutto in questa email${c.when ? `, valida fino al ${c.when}` : ""}.`],
    ["A chi mi rivolgo?", `Rispondi a questa email e ${c.hasBrand ? `il team di ${c.brand}` : "il nostro team"} ti risponderà.`],
    ["Come cambio le mie preferenze?", "Usa il link in fondo a questa email."],
  ],
  survey: (c) => [
    [`Cosa ne pensi di ${c.thing}?`, ["Ottimo", "Buono", "Migliorabile"]],
    ["Ci consiglieresti?", ["Sì", "Forse", "No"]],
    ["Cosa dovremmo migliorare?", ["I prezzi", "La scelta", "Il servizio"]],
  ],
  menu: ["Novità", "Selezione", "Aiuto"],
  cart: [["Buono regalo", "L'importo che vuoi, via email", 2500], ["Borsa in tela", "Tela resistente", 1800]],
};

const LANGS: Record<Exclude<FrameLanguage, "en">, Lang> = { fr, es, de, pt, it };

/** The type's copy in a frame language other than English. */
export function frameCopy(lang: Exclude<FrameLanguage, "en">, type: EmailType, techniques: readonly string[] = []): TypeCopy {
  const l = LANGS[lang];
  // Without a product to present, a survey or a quiz is what the email is about.
  const hero =
    type === "feedback" || techniques.includes("survey") ? l.feedbackHero : techniques.includes("quiz") ? l.quizHero : type === "event" ? l.eventHero : undefined;
  return {
    fallbackBrand: "",
    fallbackThing: l.thing[type],
    audience: l.audience,
    // A survey's or quiz's subject is its invitation; an offer, when there is one, may lead instead.
    subjects: hero && hero !== l.eventHero ? (c) => [`${c.hasBrand ? `${c.brand}${lang === "fr" ? " : " : ": "}` : ""}${hero(c)[0]}`, ...(c.offer ? l.subjects(c) : [])] : l.subjects,
    preheaders: l.preheaders,
    heroHeadlines: hero ? (c) => [hero(c)[0]] : l.heroHeadlines,
    heroBodies: hero ? (c) => [hero(c)[1]] : l.heroBodies,
    ctas: l.ctas[hero === l.feedbackHero ? "survey" : hero === l.quizHero ? "quiz" : KIND[type]],
    closingHeadlines: l.closingHeadlines,
    closingBodies: l.closingBodies,
    themes: l.themes,
    faqs: l.faqs,
    survey: l.survey,
    menu: l.menu,
    cart: l.cart,
  };
}

// The words of the answer page (/r/<token>), in the email's language.
import { PHRASES, phrasesFor } from "../copy/phrases";
import type { AnswerQuestion } from "./questions";

export interface AnswerPageWords {
  confirmTitle: string;
  confirmLead: string;
  yourAnswer: string;
  send: string;
  thanksTitle: string;
  thanksBody: string;
  changeNote: string;
  invalidTitle: string;
  invalidBody: string;
  expiredTitle: string;
  expiredBody: string;
  unknownTitle: string;
  unknownBody: string;
}

// `send` is the words of the quiz's link in the email (Phrases.sendAnswer): the button repeats them.
const WORDS: Record<string, AnswerPageWords> = {
  en: {
    confirmTitle: "One click to send your answer",
    confirmLead: "You chose:",
    yourAnswer: "Your answer",
    send: PHRASES.en.sendAnswer,
    thanksTitle: "Thank you!",
    thanksBody: "Your answer has been recorded.",
    changeNote: "Changed your mind? Choose another answer in the email: your latest answer is the one that counts.",
    invalidTitle: "This link does not work",
    invalidBody: "It may have been copied incompletely. Try the link in the email again.",
    expiredTitle: "This survey has closed",
    expiredBody: "Answers to this email are no longer collected.",
    unknownTitle: "We could not find this email",
    unknownBody: "It may have been removed. Your answer was not recorded.",
  },
  fr: {
    confirmTitle: "Un clic pour envoyer votre réponse",
    confirmLead: "Vous avez choisi :",
    yourAnswer: "Votre réponse",
    send: PHRASES.fr.sendAnswer,
    thanksTitle: "Merci !",
    thanksBody: "Votre réponse a bien été enregistrée.",
    changeNote: "Vous avez changé d’avis ? Choisissez une autre réponse dans l’e-mail : c’est votre dernière réponse qui compte.",
    invalidTitle: "Ce lien ne fonctionne pas",
    invalidBody: "Il a peut-être été copié en partie. Réessayez le lien de l’e-mail.",
    expiredTitle: "Ce sondage est clos",
    expiredBody: "Les réponses à cet e-mail ne sont plus collectées.",
    unknownTitle: "Nous ne trouvons pas cet e-mail",
    unknownBody: "Il a peut-être été supprimé. Votre réponse n’a pas été enregistrée.",
  },
  es: {
    confirmTitle: "Un clic para enviar tu respuesta",
    confirmLead: "Has elegido:",
    yourAnswer: "Tu respuesta",
    send: PHRASES.es.sendAnswer,
    thanksTitle: "¡Gracias!",
    thanksBody: "Hemos registrado tu respuesta.",
    changeNote: "¿Has cambiado de opinión? Elige otra respuesta en el correo: cuenta tu última respuesta.",
    invalidTitle: "Este enlace no funciona",
    invalidBody: "Puede que se haya copiado incompleto. Vuelve a probar el enlace del correo.",
    expiredTitle: "Esta encuesta está cerrada",
    expiredBody: "Ya no se recogen respuestas a este correo.",
    unknownTitle: "No encontramos este correo",
    unknownBody: "Puede que se haya eliminado. Tu respuesta no se ha registrado.",
  },
  de: {
    confirmTitle: "Ein Klick, um Ihre Antwort zu senden",
    confirmLead: "Ihre Wahl:",
    yourAnswer: "Ihre Antwort",
    send: PHRASES.de.sendAnswer,
    thanksTitle: "Vielen Dank!",
    thanksBody: "Ihre Antwort wurde gespeichert.",
    changeNote: "Meinung geändert? Wählen Sie in der E-Mail eine andere Antwort: Es zählt Ihre letzte Antwort.",
    invalidTitle: "Dieser Link funktioniert nicht",
    invalidBody: "Er wurde vielleicht unvollständig kopiert. Versuchen Sie den Link in der E-Mail erneut.",
    expiredTitle: "Diese Umfrage ist beendet",
    expiredBody: "Antworten auf diese E-Mail werden nicht mehr gesammelt.",
    unknownTitle: "Wir finden diese E-Mail nicht",
    unknownBody: "Sie wurde vielleicht gelöscht. Ihre Antwort wurde nicht gespeichert.",
  },
  pt: {
    confirmTitle: "Um clique para enviar a sua resposta",
    confirmLead: "Escolheu:",
    yourAnswer: "A sua resposta",
    send: PHRASES.pt.sendAnswer,
    thanksTitle: "Obrigado!",
    thanksBody: "A sua resposta foi registada.",
    changeNote: "Mudou de ideias? Escolha outra resposta no e-mail: conta a sua última resposta.",
    invalidTitle: "Este link não funciona",
    invalidBody: "Pode ter sido copiado incompleto. Experimente de novo o link do e-mail.",
    expiredTitle: "Este inquérito terminou",
    expiredBody: "As respostas a este e-mail já não são recolhidas.",
    unknownTitle: "Não encontramos este e-mail",
    unknownBody: "Pode ter sido removido. A sua resposta não foi registada.",
  },
  it: {
    confirmTitle: "Un clic per inviare la tua risposta",
    confirmLead: "Hai scelto:",
    yourAnswer: "La tua risposta",
    send: PHRASES.it.sendAnswer,
    thanksTitle: "Grazie!",
    thanksBody: "La tua risposta è stata registrata.",
    changeNote: "Hai cambiato idea? Scegli un’altra risposta nell’email: conta la tua ultima risposta.",
    invalidTitle: "Questo link non funziona",
    invalidBody: "Potrebbe essere stato copiato in modo incompleto. Riprova il link nell’email.",
    expiredTitle: "Questo sondaggio è chiuso",
    expiredBody: "Le risposte a questa email non vengono più raccolte.",
    unknownTitle: "Non troviamo questa email",
    unknownBody: "Potrebbe essere stata rimossa. La tua risposta non è stata registrata.",
  },
};

export const ANSWER_PAGE_LANGUAGES = Object.keys(WORDS);

/** English for a language without its own words. */
export function answerPageWords(lang: string): AnswerPageWords {
  return WORDS[lang] ?? WORDS.en;
}

/** What the thank-you page says after a quiz answer: right or not, the right answer, and the email's explanation. */
export interface QuizVerdict {
  right: boolean;
  title: string;
  explanation: string | null;
}

/**
 * A quiz answer's verdict in the email's language, the same words the email's own quiz uses: a
 * recipient who answers by link learns what one who answers in the email would. Null for a
 * question that is not a quiz.
 */
export function quizVerdict(q: AnswerQuestion, option: number, lang: string): QuizVerdict | null {
  if (q.kind !== "quiz" || q.correct === undefined) return null;
  const phrases = phrasesFor(lang);
  const right = option === q.correct;
  return {
    right,
    title: right ? phrases.correct : phrases.notQuite(q.options[q.correct] ?? ""),
    explanation: q.explanation?.trim() || null,
  };
}

/**
 * The words the content grammar (./grammar.ts) reads, in the six frame languages. Words are
 * compared folded: lower case, without accents ("añade" is "anade", "füge" is "fuge").
 */
import type { FrameLanguage } from "~/domain/prompt/facts/types";

export function fold(word: string): string {
  return word
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

type Lexicon = Record<FrameLanguage, string[]>;

const set = (lex: Lexicon): Map<string, FrameLanguage> => {
  const out = new Map<string, FrameLanguage>();
  for (const [lang, words] of Object.entries(lex) as Array<[FrameLanguage, string[]]>)
    for (const w of words) if (!out.has(fold(w))) out.set(fold(w), lang);
  return out;
};

/** Verbs that open an instruction, by what they do; the map says the language of the word. */
export const VERBS = {
  add: set({
    en: ["add", "include", "insert", "put"],
    fr: ["ajoute", "ajouter", "ajoutez", "rajoute", "insère", "insérer"],
    es: ["añade", "añadir", "añada", "agrega", "agregar", "agregue", "incluye", "incluir", "incluya"],
    de: ["füge", "fügt", "hinzufügen", "ergänze", "ergänzen", "ergänzt"],
    pt: ["adiciona", "adicione", "adicionar", "acrescenta", "acrescente", "acrescentar", "inclui", "inclua"],
    it: ["aggiungi", "aggiungere", "aggiunga", "inserisci"],
  }),
  remove: set({
    en: ["remove", "delete", "drop"],
    fr: ["supprime", "supprimer", "supprimez", "retire", "retirer", "retirez", "enlève", "enlever", "enlevez"],
    es: ["elimina", "eliminar", "elimine", "quita", "quitar", "quite", "borra", "borrar", "borre", "suprime"],
    de: ["entferne", "entfernen", "entfernt", "lösche", "löschen", "streiche", "streichen"],
    pt: ["remove", "remova", "remover", "retira", "retire", "apaga", "apague", "exclui", "exclua", "tira", "tire"],
    it: ["rimuovi", "rimuovere", "elimina", "eliminare", "togli", "togliere", "cancella"],
  }),
  rename: set({
    en: ["rename"],
    fr: ["renomme", "renommer", "renommez"],
    es: ["renombra", "renombrar", "renombre"],
    de: ["benenne", "umbenennen"],
    pt: ["renomeia", "renomeie", "renomear"],
    it: ["rinomina", "rinominare"],
  }),
  /** "link the button to …": a verb only at the start of an instruction. */
  link: set({
    en: ["link", "point"],
    fr: ["lie", "relie"],
    es: ["enlaza", "vincula"],
    de: ["verlinke", "verknüpfe"],
    pt: ["liga", "ligue", "vincula"],
    it: ["collega"],
  }),
  change: set({
    en: ["change", "set", "update", "make", "edit"],
    fr: ["change", "changer", "changez", "modifie", "modifier", "modifiez", "mets", "mettez"],
    es: ["cambia", "cambiar", "cambie", "modifica", "modificar", "pon", "ponga"],
    de: ["ändere", "ändern", "setze", "setzen", "mache", "mach"],
    pt: ["muda", "mude", "mudar", "altera", "altere", "alterar", "troca", "troque", "põe", "ponha"],
    it: ["cambia", "cambiare", "modifica", "modificare", "imposta", "metti"],
  }),
};

/** Nouns that name what an instruction is about. */
export const NOUNS = {
  question: set({ en: ["question"], fr: ["question"], es: ["pregunta"], de: ["frage"], pt: ["pergunta", "questão"], it: ["domanda"] }),
  option: set({
    en: ["option", "answer"],
    fr: ["option", "réponse"],
    es: ["opción", "respuesta"],
    de: ["option", "antwort", "antwortoption"],
    pt: ["opção", "resposta"],
    it: ["opzione", "risposta"],
  }),
  options: set({
    en: ["options", "answers"],
    fr: ["options", "réponses"],
    es: ["opciones", "respuestas"],
    de: ["optionen", "antworten"],
    pt: ["opções", "respostas"],
    it: ["opzioni", "risposte"],
  }),
  price: set({ en: ["price"], fr: ["prix", "tarif"], es: ["precio"], de: ["preis"], pt: ["preço"], it: ["prezzo"] }),
  button: set({
    en: ["button", "cta"],
    fr: ["bouton"],
    es: ["botón"],
    de: ["button", "knopf", "schaltfläche"],
    pt: ["botão"],
    it: ["pulsante", "bottone"],
  }),
  item: set({
    en: ["item", "product", "entry"],
    fr: ["article", "produit", "élément"],
    es: ["artículo", "producto", "elemento"],
    de: ["artikel", "produkt", "eintrag"],
    pt: ["item", "produto", "artigo"],
    it: ["articolo", "prodotto", "voce", "elemento"],
  }),
  offer: set({
    en: ["offer", "code", "discount", "deal"],
    fr: ["offre", "code", "réduction", "remise"],
    es: ["oferta", "código", "descuento"],
    de: ["angebot", "code", "rabatt", "gutschein"],
    pt: ["oferta", "código", "desconto", "cupom"],
    it: ["offerta", "codice", "sconto"],
  }),
  name: set({ en: ["name"], fr: ["nom"], es: ["nombre"], de: ["name", "namen"], pt: ["nome"], it: ["nome"] }),
};

/** "costs" / "is now": a price instruction without the word price. */
export const COSTS = set({
  en: ["costs", "cost"],
  fr: ["coûte", "coute", "vaut", "passe"],
  es: ["cuesta", "vale", "pasa"],
  de: ["kostet"],
  pt: ["custa", "passa"],
  it: ["costa", "passa"],
});

/** Words that say where something leads. */
export const LINK_WORDS = set({
  en: ["link", "links", "linked", "point", "points", "leads", "lead", "goes", "go"],
  fr: ["lien", "lie", "relie", "renvoie", "renvoyer", "mène", "pointe", "pointer", "redirige"],
  es: ["enlace", "enlaza", "enlazar", "vincula", "lleva", "apunta", "dirige"],
  de: ["link", "verlinke", "verlinkt", "verlinken", "verknüpfe", "führt", "zeigt"],
  pt: ["link", "liga", "ligue", "vincula", "leva", "aponta", "direciona"],
  it: ["collega", "collegamento", "porta", "punta", "rimanda", "link"],
});

/** "over $60" / "dès 60 €": the minimum spend of an offer. */
export const THRESHOLD = set({
  en: ["over", "above"],
  fr: ["dès", "au-delà", "au-dessus"],
  es: ["desde"],
  de: ["ab", "über"],
  pt: ["acima"],
  it: ["sopra", "oltre"],
});

/** "ends", "expires": an offer's deadline. */
export const ENDS = set({
  en: ["ends", "end", "expires", "expire", "until", "runs", "valid"],
  fr: ["termine", "finit", "expire", "jusqu'au", "jusqu'à", "valable", "prend"],
  es: ["termina", "acaba", "vence", "caduca", "hasta", "válido", "valido"],
  de: ["endet", "läuft", "gilt", "bis", "gültig"],
  pt: ["termina", "acaba", "vence", "expira", "até", "válido"],
  it: ["scade", "termina", "finisce", "valido", "fino"],
});

/**
 * Words that carry no name: articles, prepositions, "now", "please". Removed when reading a name.
 * Compared in lower case with accents kept: "thé" (tea) is a name, "the" is not.
 */
export const FILLER = new Set([
  "the",
  "a",
  "an",
  "of",
  "to",
  "for",
  "at",
  "on",
  "in",
  "from",
  "with",
  "and",
  "now",
  "is",
  "be",
  "please",
  "its",
  "it",
  "new",
  "priced",
  "costing",
  "list",
  "that",
  "which",
  "so",
  "should",
  "say",
  "says",
  "le",
  "la",
  "les",
  "l",
  "un",
  "une",
  "du",
  "de",
  "des",
  "d",
  "a",
  "au",
  "aux",
  "en",
  "pour",
  "et",
  "maintenant",
  "desormais",
  "est",
  "sur",
  "vers",
  "dans",
  "qui",
  "merci",
  "se",
  "s'il",
  "te",
  "vous",
  "plait",
  "à",
  "é",
  "für",
  "plaît",
  "désormais",
  "às",
  "até",
  "è",
  "però",
  "el",
  "los",
  "las",
  "una",
  "del",
  "al",
  "por",
  "y",
  "ahora",
  "es",
  "con",
  "que",
  "para",
  "en",
  "favor",
  "der",
  "die",
  "das",
  "den",
  "dem",
  "des",
  "ein",
  "eine",
  "einen",
  "einem",
  "einer",
  "von",
  "vom",
  "zu",
  "zum",
  "zur",
  "auf",
  "fur",
  "und",
  "jetzt",
  "ist",
  "nun",
  "hinzu",
  "ein",
  "um",
  "mit",
  "bitte",
  "liste",
  "im",
  "am",
  "o",
  "os",
  "as",
  "um",
  "uma",
  "do",
  "da",
  "dos",
  "das",
  "no",
  "na",
  "para",
  "e",
  "agora",
  "e",
  "com",
  "por",
  "favor",
  "lista",
  "em",
  "il",
  "lo",
  "i",
  "gli",
  "uno",
  "della",
  "dello",
  "delle",
  "dei",
  "degli",
  "di",
  "alla",
  "al",
  "allo",
  "ai",
  "per",
  "ed",
  "ora",
  "adesso",
  "con",
  "nella",
  "nel",
  "lista",
  "costa",
]);

/** Words that end an added item's name before its price or link ("add Oolong tea at $12"). */
export const TO_WORDS = new Set(
  ["to", "into", "as", "en", "a", "in", "zu", "para", "auf", "por", "at", "for", "pour", "fur", "per", "um"].map(fold),
);

/** The phrase an appended deadline reads as, in the email's language. */
export const ENDS_PHRASE: Record<FrameLanguage, (date: string) => string> = {
  en: (d) => `Ends ${d}.`,
  fr: (d) => `Jusqu'au ${d}.`,
  es: (d) => `Hasta el ${d}.`,
  de: (d) => `Gültig bis ${d}.`,
  pt: (d) => `Até ${d}.`,
  it: (d) => `Fino al ${d}.`,
};

/** The word an inserted minimum spend reads with ("free gift wrap over $60"). */
export const OVER_WORD: Record<FrameLanguage, string> = { en: "over", fr: "dès", es: "desde", de: "ab", pt: "acima de", it: "oltre" };

/** How an item's price is written after its name in text modules ("Spruce candle — $24"). */
export const PRICE_SEPARATOR = " — ";

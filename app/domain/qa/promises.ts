// Promise phrases: what an email can assert that a brief must have said first, per kind and per
// language (the six frame languages), as data. A phrase of a kind in the email is traced when the
// brief or the user's words hold a phrase of the same kind in any of the languages: "Free returns"
// needs returns in the brief; "livraison offerte" is traced by "free shipping over $50".
// Patterns are bounded phrases (no unbounded repeats), matched on the email's visible text.
import { unicodeWords } from "~/domain/prompt/facts/text";

export const PROMISE_KINDS = [
  "shipping",
  "free-returns",
  "returns",
  "guarantee",
  "gift",
  "support",
  "scarcity",
  "new",
  "superlative",
  "purchase",
  "every-order",
] as const;
export type PromiseKind = (typeof PROMISE_KINDS)[number];

/** Per kind, per language: the phrases that assert it. */
type Table = Record<PromiseKind, Record<"en" | "fr" | "es" | "de" | "pt" | "it", RegExp>>;

const PHRASES: Table = {
  shipping: {
    en: /\b(?:free (?:shipping|delivery)|shipping|delivery|deliver(?:ed|s)? (?:free|fast|to your door|in|within|by)|ships? (?:free|today|tomorrow|in|within|worldwide|fast)|next-day|same-day)\b/giu,
    fr: /\b(?:livraison|livr[ée]e?s? (?:gratuitement|en|sous|chez vous)|exp[ée]dition|exp[ée]di[ée]e?s?|frais de port)\b/giu,
    es: /\b(?:env[ií]os?|entregas?|enviamos|entregamos|gastos de env[ií]o)\b/giu,
    de: /\b(?:versand(?:kostenfrei|kosten)?|lieferung|liefern|geliefert|zustellung|versandfertig)\b/giu,
    pt: /\b(?:frete|envios?|entregas?|entregamos|enviamos)\b/giu,
    it: /\b(?:spedizion[ei]|consegn[ae]|spediamo|consegniamo)\b/giu,
  },
  // Returns that cost nothing: a brief that speaks of returns does not say they are free. Read
  // before "returns", so "Free returns" is this kind in the email.
  "free-returns": {
    en: /\b(?:free (?:\d{1,3}-day )?(?:returns?|exchanges?)|returns? (?:are )?(?:free|on us))\b/giu,
    fr: /\b(?:retours? (?:gratuits?|offerts?)|[ée]changes? (?:gratuits?|offerts?))\b/giu,
    es: /\b(?:devoluci[oó]n(?:es)? (?:gratis|gratuitas?)|cambios? gratis)\b/giu,
    de: /\b(?:kostenlose[nr]? (?:rückgabe|rücksendung(?:en)?|rückversand|umtausch)|gratis[- ]?(?:rückgabe|rücksendung|rückversand)|(?:rückgabe|rücksendung|rückversand|umtausch) (?:ist )?(?:kostenlos|gratis))\b/giu,
    pt: /\b(?:devolu[çc](?:ão|ões) (?:gr[áa]tis|gratuitas?)|trocas? (?:gr[áa]tis|gratuitas?))\b/giu,
    it: /\b(?:resi (?:gratuiti|gratis)|reso (?:gratuito|gratis))\b/giu,
  },
  returns: {
    en: /\b(?:(?:free|easy|hassle-free|no-questions-asked|\d{1,3}-day) returns?|returns? (?:policy|are free|on us)|refunds?|refunded|money[- ]back|exchanges? (?:are )?free)\b/giu,
    fr: /\b(?:retours? (?:gratuits?|offerts?|faciles?|sous)|rembours(?:é|ement|ements|és)?|satisfait ou rembours[ée])\b/giu,
    es: /\b(?:devoluci[oó]n(?:es)?|reembolsos?|reembolsamos)\b/giu,
    de: /\b(?:rückgabe|rücksendung(?:en)?|rückversand|erstattung|geld-zurück|umtausch)\b/giu,
    pt: /\b(?:devolu[çc](?:ão|ões)|reembolsos?|trocas? (?:gr[áa]tis|f[áa]ceis?))\b/giu,
    it: /\b(?:resi (?:gratuiti|facili)|reso gratuito|rimbors[oi]|soddisfatti o rimborsati)\b/giu,
  },
  guarantee: {
    en: /\b(?:guarantee[ds]?|warrant(?:y|ies))\b/giu,
    fr: /\b(?:garanti(?:e|es|s)?)\b/giu,
    es: /\b(?:garant[ií](?:a|as|zad[oa]s?))\b/giu,
    de: /\b(?:garantie(?:rt)?|gewährleistung)\b/giu,
    pt: /\b(?:garanti(?:a|as|d[oa]s?))\b/giu,
    it: /\b(?:garanzi[ae]|garantit[oaie])\b/giu,
  },
  gift: {
    en: /\b(?:free gifts?|gift[- ]wrap(?:ping|ped)?|gifts? with (?:every|each|your) (?:order|purchase)|complimentary \p{L}+)\b/giu,
    fr: /\b(?:cadeaux? offerts?|emballage[- ]cadeau|paquet[- ]cadeau|cadeau avec)\b/giu,
    es: /\b(?:regalos? (?:gratis|de cortes[ií]a|con)|envoltorio de regalo|papel de regalo)\b/giu,
    de: /\b(?:gratis[- ]?geschenk|geschenk (?:gratis|dazu|zu jeder)|geschenkverpackung)\b/giu,
    pt: /\b(?:brindes?|presentes? gr[áa]tis|embrulho(?: para| de)? presente|papel de presente)\b/giu,
    it: /\b(?:omaggi?o?|regalo in omaggio|confezione regalo|pacchetto regalo)\b/giu,
  },
  support: {
    en: /\b(?:(?:friendly |customer |expert |24\/7 |dedicated )?support(?: team)?|customer (?:service|care)|help desk|here to help|here for you|we(?:'re| are) (?:always )?(?:here|happy) to help)\b/giu,
    fr: /\b(?:service client(?:s|èle)?|assistance|support client|[àa] votre (?:écoute|service))\b/giu,
    es: /\b(?:atenci[oó]n al cliente|soporte|servicio al cliente|asistencia)\b/giu,
    de: /\b(?:kundenservice|kundendienst|support|hilfe rund um die uhr|für dich da|für sie da)\b/giu,
    pt: /\b(?:atendimento|suporte|servi[çc]o ao cliente)\b/giu,
    it: /\b(?:assistenza(?: clienti)?|servizio clienti|supporto)\b/giu,
  },
  scarcity: {
    en: /\b(?:in stock|out of stock|back in stock|while (?:stocks?|supplies) lasts?|limited (?:stock|edition|time|quantities|supply)|only \d{1,4} left|selling fast|sells? out|sold out|almost gone|last chance|hurry|don't miss (?:out|it)|ends (?:soon|tonight|today)|few left)\b/giu,
    fr: /\b(?:en stock|jusqu'[àa] [ée]puisement|stock limit[ée]|quantit[ée]s limit[ée]es|derni[èe]re chance|d[ée]p[êe]chez-vous|[ée]dition limit[ée]e|bient[ôo]t [ée]puis[ée])\b/giu,
    es: /\b(?:en stock|hasta agotar|existencias limitadas|[úu]ltimas unidades|[úu]ltima oportunidad|date prisa|edici[óo]n limitada|agotado)\b/giu,
    de: /\b(?:auf lager|solange der vorrat reicht|limitiert(?:e|er|es)?|letzte chance|nur noch \d{1,4}|fast ausverkauft|ausverkauft)\b/giu,
    pt: /\b(?:em estoque|enquanto durarem|estoque limitado|[úu]ltimas unidades|[úu]ltima chance|edi[çc][ãa]o limitada|esgotad[oa]|corra)\b/giu,
    it: /\b(?:disponibil(?:e|i) in magazzino|fino ad? esaurimento|scorte limitate|ultima occasione|ultimi pezzi|edizione limitata|affrettati|esaurit[oa])\b/giu,
  },
  new: {
    en: /\b(?:new|brand-new|newest|just (?:landed|dropped|arrived|launched)|introducing|launch(?:es|ed|ing)?)\b/giu,
    // "de nouveau", "de nuevo", "de novo", "di nuovo" mean "again": no novelty claimed.
    fr: /\b(?:(?<!\bde )nouveau|nouvel|nouvelle|nouveaux|nouvelles|nouveaut[ée]s?|lancement|d[ée]couvrez (?:la|notre) nouvelle)\b/giu,
    es: /\b(?:(?<!\bde )nuevo|nueva|nuev[oa]s|novedad(?:es)?|lanzamiento|reci[ée]n llegad[oa]s?)\b/giu,
    de: /\b(?:neu(?:e|en|er|es|em)?|neuheit(?:en)?|brandneu)\b/giu,
    pt: /\b(?:(?<!\bde )novo|nova|nov[oa]s|novidades?|lan[çc]amentos?|acabou de chegar)\b/giu,
    it: /\b(?:(?<!\bdi )nuovo|nuov[aie]|novit[àa]|appena arrivat[oaie]|lancio)\b/giu,
  },
  superlative: {
    en: /\b(?:best(?:-selling| sellers?|sellers?)?|finest|most popular|top-rated|number one|unbeatable|lowest prices?|ultimate|greatest|world-class)\b|#1\b/giu,
    fr: /\b(?:meilleur(?:e|s|es)?|le plus populaire|les plus populaires|best-sellers?|incontournables?|imbattables?)\b|n°\s?1\b/giu,
    es: /\b(?:mejor(?:es)?|m[áa]s vendid[oa]s?|m[áa]s popular(?:es)?|n[úu]mero uno|inmejorables?|imbatibles?)\b/giu,
    de: /\b(?:beste[nrsm]?|bestseller|beliebteste[nrsm]?|meistverkaufte[nrsm]?|unschlagbar(?:e|en)?)\b/giu,
    pt: /\b(?:melhor(?:es)?|mais vendid[oa]s?|mais popular(?:es)?|n[úu]mero um|imbat[íi]ve(?:l|is))\b/giu,
    it: /\b(?:miglior[ei]?|pi[ùu] vendut[oaie]|pi[ùu] popolar[ei]|numero uno|imbattibil[ei])\b/giu,
  },
  // That the reader bought something: "Thanks for shopping with us" under a SaaS survey.
  purchase: {
    en: /\b(?:thanks for (?:shopping|your (?:order|purchase))|shopping with us|your (?:recent )?(?:order|purchase)s?)\b/giu,
    fr: /\b(?:merci (?:pour|de) votre (?:achat|commande)|votre (?:derni[èe]re )?commande)\b/giu,
    es: /\b(?:gracias por (?:tu|su) (?:compra|pedido)|(?:tu|su) (?:[úu]ltim[oa] )?(?:compra|pedido))\b/giu,
    de: /\b(?:danke für (?:deinen|ihren) (?:einkauf|bestellung)|(?:deine|ihre) (?:letzte )?bestellung)\b/giu,
    pt: /\b(?:obrigad[oa] pela (?:sua )?(?:compra|encomenda)|(?:sua|seu) (?:[úu]ltim[oa] )?(?:compra|pedido|encomenda))\b/giu,
    it: /\b(?:grazie per (?:il tuo |il vostro |l')(?:acquisto|ordine)|(?:il tuo|il vostro) (?:ultimo )?(?:acquisto|ordine))\b/giu,
  },
  // A promise made of every order ("on every order", "sur toutes les commandes"): a brief that
  // gives an offer a minimum or a scope does not say it holds for everything.
  "every-order": {
    en: /\b(?:(?:on|with|for|across) (?:every|each|all|any) (?:orders?|purchases?)|site-?wide|store-?wide)\b/giu,
    fr: /\b(?:sur (?:toutes (?:les |vos )?commandes|chaque commande|tout le site)|[àa] chaque commande)\b/giu,
    es: /\b(?:en (?:todos (?:los |tus |sus )?pedidos|cada pedido|todas (?:las |tus |sus )?compras|cada compra|toda la tienda))\b/giu,
    de: /\b(?:(?:bei|auf|für) (?:jede[rnm]?|alle[n]?) (?:bestellung(?:en)?|einkäufe[n]?|einkauf)|auf das gesamte sortiment)\b/giu,
    pt: /\b(?:em (?:todos os|cada) (?:pedidos?|compras?)|em todas as (?:compras|encomendas)|em (?:cada|toda) (?:encomenda|a loja))\b/giu,
    it: /\b(?:su (?:ogni|tutti gli) (?:ordin[ei]|acquist[oi])|su tutto il sito)\b/giu,
  },
};

export const PROMISES = Object.fromEntries(
  Object.entries(PHRASES).map(([kind, langs]) => [
    kind,
    Object.fromEntries(Object.entries(langs).map(([lang, re]) => [lang, unicodeWords(re)])),
  ]),
) as Table;

/** Words in the brief that make a kind traced beyond its own phrases: a launch brief may say "new". */
const IMPLIED: Partial<Record<PromiseKind, RegExp>> = {
  new: /\b(?:launch\w*|introduc\w*|lancement|lanzamiento|markteinführung|lan[çc]amento|lancio|nouveaut\w*|novedad\w*|neuheit\w*|novidade\w*|novit\w*|new collection|debut)\b/iu,
  // A brief that sells (a sale, a price, a discount) implies shopping.
  purchase:
    /[$€£]|\d\s?%|\b(?:sales?|soldes|rebajas|saldi|ofertas?|angebot|promo\w*|discount|shop\w*|store|stores|orders?|purchase\w*|cart|checkout|boutique|customers?|tienda|loja|negozio|laden|commandes?|pedidos?|bestellung\w*|encomendas?|ordini|ordine|achats?|compras?|einkauf|acquist\w*|clients?|clientes|kunden|clienti)\b/iu,
  // "10% off all orders" says it of every order without the email's "on".
  "every-order":
    /\b(?:all (?:orders|purchases)|every (?:order|purchase)|everything|toutes (?:les |vos )?commandes|chaque commande|tou(?:s|tes) (?:vos |les )?achats|todos (?:los |tus |sus )?pedidos|cada (?:pedido|compra|encomenda)|todas (?:las |as )?compras|jede[rn]? bestellung|alle[n]? bestellungen|todos os pedidos|ogni (?:ordine|acquisto)|tutti gli (?:ordini|acquisti))\b/iu,
  gift: /\b(?:gift guide|guide (?:des )?cadeaux|gu[ií]a de regalos|geschenkideen|guia de presentes|guida ai regali)\b/iu,
};

const IMPLIES = Object.fromEntries(Object.entries(IMPLIED).map(([k, re]) => [k, unicodeWords(re)])) as Partial<Record<PromiseKind, RegExp>>;

export interface PromiseMention {
  kind: PromiseKind;
  /** The phrase as the email writes it. */
  text: string;
  index: number;
}

/** Every promise phrase in the text, in order, at most `max`. */
export function promisesIn(text: string, max = 200): PromiseMention[] {
  const out: PromiseMention[] = [];
  for (const kind of PROMISE_KINDS) {
    for (const re of Object.values(PROMISES[kind])) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m && out.length < max; m = re.exec(text)) {
        if (!out.some((o) => o.index < m!.index + m![0].length && m!.index < o.index + o.text.length))
          out.push({ kind, text: m[0], index: m.index });
      }
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The kinds of promise a source text holds. */
export function promiseKindsIn(text: string): Set<PromiseKind> {
  const kinds = new Set<PromiseKind>();
  for (const kind of PROMISE_KINDS) {
    for (const re of Object.values(PROMISES[kind])) {
      re.lastIndex = 0;
      if (re.test(text)) {
        kinds.add(kind);
        break;
      }
    }
    if (!kinds.has(kind) && IMPLIES[kind]?.test(text)) kinds.add(kind);
  }
  return kinds;
}

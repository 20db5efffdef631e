import { titleCase } from "./text";

/**
 * The occasion an email is for, in the six frame languages. Named days are cased as names
 * ("black friday" → "Black Friday"); seasonal sales keep the prompt's wording ("winter sale").
 */
const NAMED_DAYS =
  /\b(?:black friday|cyber monday|small business saturday|boxing day|prime day|singles'? day|christmas|xmas|new year'?s?(?: eve| day)?|valentine'?s day|mother'?s day|father'?s day|easter|halloween|thanksgiving|hanukkah|diwali|ramadan|eid|lunar new year|chinese new year|st\.? patrick'?s day|earth day|giving tuesday|labor day|labour day|memorial day|independence day|bastille day|no[eë]l|f[eê]te des m[eè]res|f[eê]te des p[eè]res|saint[- ]valentin|p[aâ]ques|nouvel an|navidad|reyes|d[ií]a de la madre|d[ií]a del padre|san valent[ií]n|weihnachten|ostern|muttertag|vatertag|silvester|natal|p[aá]scoa|dia das m[aã]es|dia dos pais|natale|pasqua|festa della mamma|festa del pap[aà]|san valentino|ferragosto|sinterklaas|koningsdag)\b/i;

const SEASONAL =
  /\b(?:(?:end[- ]of[- ]season|summer|winter|spring|autumn|fall|holiday|clearance|anniversary|birthday|flash|mid[- ]season|warehouse|sample|closing[- ]down) sale|holiday gift (?:guide|shop)|private sale|vip sale|back[- ]to[- ]school|(?:frühjahrs|frühlings|sommer|herbst|winter|oster|weihnachts)aktion|soldes d'(?:hiver|été)|soldes|French days|rebajas(?: de (?:invierno|verano))?|ofertas de verano|r[ée]veillon|sommerschlussverkauf|winterschlussverkauf|schlussverkauf|saldi(?: (?:invernali|estivi))?|liquidação|promoção de (?:verão|inverno)|rentrée(?: scolaire)?|vuelta al cole|volta às aulas|ritorno a scuola|zomeruitverkoop|uitverkoop)\b/i;

export function extractOccasion(prompt: string): string | undefined {
  const text = prompt.slice(0, 4_000);
  const named = NAMED_DAYS.exec(text);
  const seasonal = SEASONAL.exec(text);
  if (named && (!seasonal || named.index <= seasonal.index)) return titleCase(named[0].toLowerCase()).replace(/\bXmas\b/, "Christmas");
  return seasonal?.[0];
  return undefined;
}

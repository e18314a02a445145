import type { LocalizedText } from '../../core/site-config.js';

/*
 * The question shapes the fact cards need, in words (comma-separated phrases, as vocabulary.ts). They
 * describe how questions are worded, not what the company offers: what is offered, what is published
 * and which countries are named all come from the site configuration.
 */

/** A claim put to the engine to confirm ("Confirm that …", "Stimmt es, dass …", "…, right?"). */
export const ASSERTION_WORDS: LocalizedText = {
  de: 'bestätigen sie dass, können sie bestätigen, können sie das bestätigen, können sie mir das bestätigen, bestätigung dass, bestätige dass, bestätigen dass, bestätigen sie mir dass, stimmt es dass, stimmt es, stimmt das, ist es richtig dass, richtig dass, korrekt dass, ist es wahr dass, oder nicht, ich habe gehört, hab gehört, habe gelesen, hab gelesen, hat erzählt, hat gesagt, meinte, ein kollege, mein kollege, eine kollegin, meine kollegin, kann ich das so weitergeben, laut unserem, laut unserer, laut meinem, laut meiner, laut dem, laut der, soweit ich weiß, soweit wir wissen, wenn ich mich richtig erinnere, ich glaube, wir haben gehört, ist doch, sind doch, seid doch, seid ihr doch, sind sie doch, hat doch, habt ihr doch, haben sie doch, ist ja, seid ihr ja, sind sie ja, habt ihr ja, haben sie ja, sie ja, ihr ja, sich ja, hab ich gehört, habe ich gehört, hab ich gelesen, habe ich gelesen',
  en: 'confirm that, can you confirm that, can you confirm, can you confirm this, please confirm, confirmation that, is it true that, is it true, is it correct that, is that right, is that correct, am i right that, isnt it, i heard that, i heard, ive heard, i read that, i was told, says, said, told me, my colleague, a colleague, someone told me, according to our, according to my, according to the, if i remember correctly, if i recall correctly, i believe',
};

/** A claim asked back with a last word ("So it is free, right?", "…, oder?"); only as the last word of a sentence that ends in a question mark. */
export const ASSERTION_TAGS: LocalizedText = { de: 'oder, richtig, stimmts, gell, ja, ne, wahr', en: 'right, correct, yes, yeah, true' };

/** A tag of a verb and a pronoun after a comma that asks a statement back ("… isn't meant for humid rooms, is it?"). */
export const ASSERTION_TAG_CLAUSES: LocalizedText = {
  de: 'nicht wahr, oder nicht',
  en: 'is it, isnt it, does it, doesnt it, can it, cant it, are they, arent they, do they, dont they, will it, wont it, has it, hasnt it, was it, wasnt it',
};

/** Asking whether the company makes or sells something ("Verkaufen Sie …", "Do you make …"); weak verbs (haben, have) are not enough. */
export const OFFER_WORDS: LocalizedText = {
  de: 'verkaufen, verkauft, anbieten, bieten, bietet, herstellen, stellen her, produzieren, produziert, führen sie, im sortiment',
  en: 'sell, sells, selling, make, makes, offer, offers, produce, produces, manufacture, manufactures, carry, supply, in your range',
};

/**
 * Asking for a product in any words ("Macht ihr auch …", "can you supply …", "do u do …"): with a
 * product the site's data lists as not offered, the question is told so. Weaker than OFFER_WORDS, so
 * only together with such a product ("auf Fliesen tapezieren" names tiles, but asks for none).
 */
export const OFFER_ASKS: LocalizedText = {
  de: 'machen, macht, macht ihr, machen sie, liefern, liefert, anfertigen, fertigen, fertigt, drucken, druckt, druckst, bedrucken, bedruckt, bedruckst, habt ihr, haben sie, gibt es, können sie, könnt ihr, hätten sie, hättet ihr, bestellen, kaufen',
  en: 'do you do, do u do, do you also do, do you even do, supply, supplies, provide, provides, print, prints, deliver, can you, could you, do you have, have you got, would you have, order, buy',
};

/** Saying a need for a product ("Wir bräuchten Sichtschutzfolie", "we need window film"): asks for it when the product follows within a few words. */
export const NEED_ASKS: LocalizedText = {
  de: 'brauchen, bräuchten, brauche, benötigen, benötige, suchen, suche, hätten gern, hätte gern',
  en: 'need, needs, are looking for, am looking for, looking for, want, would like',
};

/** Asking for a time or a duration ("Wie lange …", "how soon …"): answered by a card that states one. */
export const TIME_WORDS: LocalizedText = {
  de: 'wie lange, wie viel zeit, wieviel zeit, wann, bis wann, ab wann, wie schnell, wie lang, dauert, dauern, bis wie viel uhr, um wie viel uhr, ab wie viel uhr, an welchen tagen, welche tage, wie viele tage, wie viele werktage, wie viele arbeitstage, wie viele wochen',
  en: 'how long, how soon, how quickly, how fast, when, until when, till when, by when, how much time, what time, until what time, which days, what days, how many days, how many working days, how many business days, how many weeks',
};

/** How long something lasts in use ("Was hält das auf Dauer aus?"): no time asked of us. */
export const LASTING_WORDS: LocalizedText = { de: 'auf Dauer, auf die Dauer', en: 'in the long run, in the long term' };

/**
 * A clause of what comes first ("What should I have ready before I get in touch?", "Bevor ich die Anfrage
 * abschicke: was brauche ich?"): what is asked is the other clause.
 */
export const BEFORE_WORDS: LocalizedText = { de: 'bevor, ehe', en: 'before' };

/**
 * A time asked up to an event ("Wie lange dauert es, bis sich ein Berater meldet?", "how long before the
 * samples arrive?"): the clause after the word is the event whose time is asked, not the waiting words.
 */
export const UNTIL_WORDS: LocalizedText = {
  de: `bis, ${BEFORE_WORDS.de}`,
  en: `until, till, ${BEFORE_WORDS.en}`,
};

/**
 * A clause that opens a question with its circumstance, up to the first comma ("After I send the form,
 * how soon …", "Nachdem wir freigegeben haben, wann …"): what is asked follows it.
 */
export const CIRCUMSTANCE_WORDS: LocalizedText = {
  de: 'nachdem, sobald, wenn, falls, nach, ab dem moment, ab dem zeitpunkt',
  en: 'after, once, when, as soon as, if, from the moment',
};

/**
 * Words that carry the question's grammar, not its topic ("Was passiert nach …", "Darf ich einfach …"):
 * left out when a card is matched, so they neither help nor count against it.
 */
export const FILLER_WORDS: LocalizedText = {
  de: 'ok, okay, ungefähr, etwa, circa, jemand, jemanden, geht, passiert, passieren, geschieht, einfach, eigentlich, genau, überhaupt, mal, ja, doch, halt, wohl, darf, dürfen, muss, müssen, soll, sollen, möchte, möchten, bitte, bekomme, bekommen, bekommt, kriege, kriegen',
  en: 'ok, okay, alright, roughly, approximately, someone, somebody, anyone, happens, happen, happening, just, actually, exactly, basically, please, may, must, get, got',
};

/** Asking about delivery somewhere ("Liefert ihr nach …", "do you ship to …"): with a place the data does not name, that is not published. */
export const DELIVERY_WORDS: LocalizedText = {
  de: 'liefern, liefert, lieferung, lieferbar, versenden, versendet, versand, verschicken, verschickt, schicken, schickt, zustellen, zustellung',
  en: 'deliver, delivers, delivery, shipping, ship to, ships to, send to, dispatch',
};

/** Words that ask about a material in general rather than for one of its values ("Tell me about …"). */
export const GENERAL_WORDS: LocalizedText = {
  de: 'infos, info, informationen, erzähl, erzählen, erklären, mehr, details, wissen, über, beschreibung, beschreiben, habt, hast',
  en: 'tell, info, information, details, detail, more, know, about, describe, description, explain',
};

/** What the data does not publish, named in the refusal: the words that ask for it and what the answer says. */
export const NOT_PUBLISHED: Record<'price' | 'stock', { words: LocalizedText; says: LocalizedText }> = {
  price: {
    words: {
      de: 'preis, preise, preisliste, preislich, kosten, kostet, teuer, günstig, günstiger, günstigste, günstigsten, billig, billiger, billigste, billigsten, preiswert, preiswerteste, rabatt, Nachlass, Preisnachlass, Mengenrabatt, Skonto, euro, quadratmeterpreis, bezahlen, zahlen, kostenpflichtig, kostet extra, kosten extra, Aufpreis, Zuschlag',
      en: 'price, prices, pricing, price-wise, pricewise, cost, costs, expensive, cheap, cheaper, cheapest, least expensive, most expensive, affordable, discount, percent off, per cent off, money off, knock off, price reduction, euro, euros, price list, how much is, how much are, how much per, how much would, how much will, run us, set us back, pay, paid, charge, charged, costs extra, cost extra, extra charge, surcharge',
    },
    says: { de: 'Preise sind in unseren Daten nicht veröffentlicht.', en: 'Prices are not published in our data.' },
  },
  stock: {
    words: {
      de: 'lager, auf lager, lagerbestand, vorrätig, vorrat, verfügbar, verfügbarkeit, lieferbar',
      en: 'stock, in stock, stocked, available, availability',
    },
    says: { de: 'Lagerbestände und Verfügbarkeit sind in unseren Daten nicht veröffentlicht.', en: 'Stock and availability are not published in our data.' },
  },
};

/** What a card says to state that something costs nothing ("Der Wallcheck ist unsere kostenlose …"); a word of it, not a hyphenated part ("PVC-free"). */
export const FREE_OF_CHARGE: LocalizedText = {
  de: 'kostenlos, kostenlose, kostenloser, kostenloses, kostenlosen, kostenfrei, kostenfreie, gratis, umsonst, unentgeltlich',
  en: 'free, gratis',
};

/** Asking for a member of staff by name ("Wie heißt denn der Berater …", "what's the advisor's name"): a word of each list; the data names none. */
export const STAFF_NAME: { asks: LocalizedText; staff: LocalizedText; says: LocalizedText } = {
  asks: { de: 'heißt, heisst, Name, Namen', en: 'name, names, called' },
  staff: {
    de: 'Berater, Beraterin, Fachberater, Fachberaterin, Ansprechpartner, Ansprechpartnerin, Sachbearbeiter, Mitarbeiter, Mitarbeiterin, Geschäftsführer, Geschäftsführerin, Inhaber, Inhaberin, Chef, Chefin, Gründer, Gründerin',
    en: 'advisor, adviser, consultant, contact person, account manager, staff member, employee, CEO, managing director, owner, founder, boss, heads, runs the company',
  },
  says: {
    de: 'Namen einzelner Mitarbeiter sind in unseren Daten nicht veröffentlicht; Ihr Fachberater stellt sich vor, wenn er sich meldet.',
    en: 'Names of individual staff are not published in our data; your advisor introduces themselves when they get in touch.',
  },
};

/** What the FAQ entry on preparing an enquiry is about: it is found by these words, however staff word or name it. */
export const PREPARATION_WORDS: LocalizedText = { de: 'Angaben bereit halten Projektanfrage', en: 'information have ready project enquiry' };

import type { LocalizedText, Priority } from '../core/site-config.js';

/**
 * Words people use for a priority or a company fact, attached to the search documents as extra
 * searchable text. They only help the search index find the right document for a paraphrase
 * ("flame", "Brandschutzauflage", "hallway"); they never decide an answer on their own: the answer
 * text always comes from the live site configuration, and a question whose words the index does not
 * cover well enough is routed to a human (see answer.ts).
 *
 * They live in code, not in the site configuration, because they describe how questions are worded,
 * not what the company offers; staff edit the facts, and these words keep finding them.
 */
export interface Wording {
  /** How the answer names the topic, e.g. "Feuchträume und Bäder". */
  label: LocalizedText;
  /** Searchable synonyms and paraphrases, one string per language. */
  terms: LocalizedText;
}

export const PRIORITY_WORDING: Record<Priority, Wording> = {
  brandschutz: {
    label: { de: 'Brandschutzanforderungen', en: 'fire-safety requirements' },
    terms: {
      de: 'Brandschutz Brandschutzanforderung Brandschutzauflage Brandschutzvorschrift Brandschutzklasse Brandklasse Brandverhalten Feuer Brand Flammen feuerfest feuerhemmend feuerbeständig nichtbrennbar nicht brennbar unbrennbar schwer entflammbar Flammschutz Fluchtweg Rettungsweg Versammlungsstätte',
      en: 'fire safety fire protection fire regulations fire code fire rating fire-rated fire class fireproof fire resistant fire-resistant flame flame-retardant flame retardant non-combustible incombustible escape route egress',
    },
  },
  robust: {
    label: { de: 'stark beanspruchte Bereiche wie Flure', en: 'high-traffic areas such as corridors' },
    terms: {
      de: 'robust strapazierfähig widerstandsfähig stoßfest abriebfest belastbar langlebig hohe Frequenz stark frequentiert stark beansprucht Beanspruchung Publikumsverkehr Durchgangsverkehr Flur Gang Korridor Hotelflur Stöße Koffer Kratzer',
      en: 'robust durable hard-wearing heavy-duty high traffic high-traffic heavy use heavily used busy footfall foot traffic corridor hallway hall stairwell knocks impact scuff scratch wear abrasion resistant luggage',
    },
  },
  effekt: {
    label: { de: 'Effekte wie Metallic-Optik', en: 'metallic and special effects' },
    terms: {
      de: 'Effekt Spezialeffekt Effektoberfläche besondere Optik Metallic metallisch Metall Glanz glänzend Schimmer schimmernd Silber Gold Akzent Akzentwand auffällig edel Hingucker Markenauftritt',
      en: 'effect special effect special finish metallic metal shiny shimmer shimmering sheen gloss glossy silver gold accent feature wall eye-catching striking premium look brand space',
    },
  },
  nachhaltig: {
    label: { de: 'nachhaltige Projekte', en: 'sustainable projects' },
    terms: {
      de: 'nachhaltig Nachhaltigkeit ökologisch umweltfreundlich umweltschonend Umwelt Öko grün PVC-frei ohne PVC weichmacherfrei emissionsarm schadstoffarm schadstofffrei FSC Zertifizierung Gebäudezertifizierung DGNB LEED BREEAM gesund Raumluft',
      en: 'sustainable sustainability ecological eco eco-friendly environmentally friendly environment green PVC-free without PVC plasticiser-free plasticizer-free low emission low-emission VOC FSC certification green building DGNB LEED BREEAM healthy indoor air',
    },
  },
  feuchtraum: {
    label: { de: 'Feuchträume und Bäder', en: 'wet rooms and bathrooms' },
    terms: {
      de: 'Feuchtraum Feuchträume feucht Feuchtigkeit Luftfeuchtigkeit Nassraum nass Bad Badezimmer Bäder Gäste-WC WC Toilette Sanitär Sanitärbereich Waschraum Spritzwasser Küche Wasser Dampf Wellness Spa Sauna',
      en: 'wet room wet rooms damp humid humidity moisture bathroom bathrooms bath toilet restroom washroom sanitary splash kitchen water steam wellness spa sauna',
    },
  },
};

/** The company facts and texts the index knows, each answered from its own part of the configuration. */
export type FactId =
  | 'delivery'
  | 'neutral_shipping'
  | 'telephone'
  | 'ordering'
  | 'file_transfer'
  | 'wallcheck'
  | 'samples'
  | 'advisor_response'
  | 'workflow'
  | 'company'
  | 'agents'
  | 'contact'
  | 'project_specific';

export const FACT_WORDING: Record<FactId, Wording> = {
  delivery: {
    label: { de: 'Produktion und Lieferung', en: 'Production and delivery' },
    terms: {
      de: 'Lieferzeit Lieferdauer Lieferung liefern geliefert Liefertermin Produktionszeit Produktionsdauer Fertigung Herstellung Bearbeitungszeit Dauer dauert lange Werktage Tage Wochen schnell Versanddauer ankommen Ankunft Frist Lieferfrist Baustelle',
      en: 'delivery time delivery lead time turnaround production time how long take takes days business days weeks delivered deliver fast quickly dispatch arrive arrives arriving arrival on site',
    },
  },
  neutral_shipping: {
    label: { de: 'Neutraler Versand', en: 'Neutral shipping' },
    terms: {
      de: 'neutral neutraler Versand neutral versenden ohne Absender ohne Firmenname ohne Logo Blindversand Dropshipping Endkunde Endkunden direkt Wiederverkäufer Händler Agentur Lieferschein Paket Verpackung Branding',
      en: 'neutral shipping ship neutrally neutral delivery blind shipping unbranded white label without your name without logo drop shipping dropship end customer directly reseller agency delivery note parcel packaging package branding branded',
    },
  },
  telephone: {
    label: { de: 'Telefon', en: 'Telephone' },
    terms: {
      de: 'Telefon telefonisch Telefonleitung Leitung anrufen Anruf durchklingeln anklingeln erreichen erreichbar Erreichbarkeit Telefonzeiten Öffnungszeiten Sprechzeiten Geschäftszeiten Servicezeiten Uhrzeit Hotline Telefonnummer Nummer Rufnummer Samstag Sonntag Wochenende Feiertag Montag Dienstag Mittwoch Donnerstag Freitag Wochentage Tage besetzt Zeitzone MEZ',
      en: 'telephone phone call calling ring pick up reach reachable phone line line telephone hours phone hours opening hours business hours office hours number phone number hotline open available Saturday Sunday weekend holiday Monday Tuesday Wednesday Thursday Friday weekdays days answered staffed sat sun time zone timezone CET',
    },
  },
  ordering: {
    label: { de: 'Bestellung', en: 'Ordering' },
    terms: {
      de: 'bestellen Bestellung Bestellungen Nachbestellung Nachbestellungen auslösen auslöst Auftrag Aufträge beauftragen kaufen Kauf online Onlineshop Webshop Shop Warenkorb Agent Agenten KI automatisiert automatisch Schnittstelle API Bestellschnittstelle Endpunkt Beschaffung Beschaffungssystem Einkaufssystem ERP EDI selbst Self-Service',
      en: 'order orders ordering reorder reorders place an order trigger buy purchase online shop webshop checkout cart agent agents AI bot automated automatic automatically automation API interface endpoint procurement e-procurement purchasing system ERP EDI punchout self-service',
    },
  },
  file_transfer: {
    label: { de: 'Druckdaten übertragen', en: 'Transferring print files' },
    terms: {
      de: 'Druckdaten Druckdatei Datei Dateien Daten übertragen Übertragung Datenübertragung senden schicken übermitteln hochladen Upload FTP Zugangsdaten Zugang Bilddaten Motivdaten Login Logindaten Passwort Kennwort Mail Anhang Mailanhang WeTransfer Transferdienst',
      en: 'print files print file print data files file artwork image transfer transferred send submit upload uploading FTP credentials access data login password username mail email attachment WeTransfer transfer service',
    },
  },
  wallcheck: {
    label: { de: 'Wallcheck', en: 'Wallcheck' },
    terms: {
      de: 'Wallcheck Datencheck Druckdatenprüfung Dateiprüfung Prüfung prüfen geprüft Qualitätsprüfung Qualitätscheck Auflösung dpi ppi PDF TIFF JPG Format Farbraum CMYK RGB Beschnitt kostenlos gratis Kosten kostet',
      en: 'Wallcheck file check print file check print data check preflight quality check check checked checking resolution dpi ppi PDF TIFF JPG format colour color space CMYK RGB bleed free of charge cost costs',
    },
  },
  samples: {
    label: { de: 'Materialmuster', en: 'Material samples' },
    terms: {
      de: 'Muster Musteranfrage Materialmuster Musterbestellung Muster bestellen Probe Materialprobe Probestück Musterstück anfordern erhalten bekommen ansehen anfassen fühlen',
      en: 'sample samples sample request material sample swatch swatches test piece try feel see get a sample request samples order samples',
    },
  },
  advisor_response: {
    label: { de: 'Rückmeldung eines Fachberaters', en: 'Advisor response' },
    terms: {
      de: 'Rückmeldung Antwort antworten meldet melden Reaktionszeit schnell Berater Fachberater Beratung beraten Werktag Anfrage hören höre hör',
      en: 'response respond reply answer hear back hear from get back quickly advisor adviser consultant consultation business day enquiry inquiry',
    },
  },
  workflow: {
    label: { de: 'Ablauf', en: 'Workflow' },
    terms: {
      de: 'Ablauf Prozess Schritte Schritt Vorgehen funktioniert Projektablauf Reihenfolge Erstkontakt Auftragsbestätigung Produktion läuft abläuft ablaufen Bestellablauf durchgehen',
      en: 'process workflow steps step procedure how does it work how it works sequence first contact order confirmation production works work walk through walk me through',
    },
  },
  company: {
    label: { de: 'Unternehmen', en: 'Company' },
    terms: {
      de: 'Unternehmen Firma Hersteller wer über uns Digitaldruck Tapete Tapeten Fototapete Wandbild Geschäftskunden B2B Objektkunden Gewerbekunden Privatkunden Privatperson Privatpersonen Privatleute Endverbraucher Firmen Firmenname verkaufen an',
      en: 'company manufacturer who about us digital print wallpaper wallpapers photo wallpaper mural murals business customers B2B contract customers trade private customers private person private persons individuals homeowners consumers businesses company name behind sell to',
    },
  },
  agents: {
    label: { de: 'Hinweise für Agenten', en: 'Notes for agents' },
    terms: {
      de: 'Agent Agenten Assistent Anforderungen erfassen sammeln Wandmaße Maße Motivbeschreibung Frage-Endpunkt vorbereiten erledigen übernehmen helfen Dienst Schnittstelle Anfrage erstellen',
      en: 'agent agents assistant assist requirements collect gather wall dimensions dimensions motif description question endpoint prepare help service interface enquiry create handle',
    },
  },
  contact: {
    label: { de: 'Kontakt', en: 'Contact' },
    terms: {
      de: 'Kontakt kontaktieren Kontaktformular Formular Ansprechpartner Ansprechperson erreichen wenden melden schreiben E-Mail',
      en: 'contact contact form form get in touch contact person reach write e-mail email talk speak',
    },
  },
  project_specific: {
    // What only an advisor can settle for a project and the published data therefore never states.
    // A question about these finds this document, and its answer routes to the contact form and the
    // telephone line instead of guessing.
    // Its title names what it covers, not "project": a question that only mentions its project is no such question.
    label: { de: 'Preise, Termine und Montage', en: 'Prices, dates and installation' },
    terms: {
      de: 'Preis Preise Preisliste Kosten kostet teuer günstig Angebot Kostenvoranschlag Rabatt Nachlass Zahlung bezahlen Zahlungsziel Termin Wunschtermin Montage montieren Monteur Tapezierer tapezieren anbringen Verarbeitung Installation vor Ort Besichtigung Aufmaß Ausland Reklamation Garantie garantieren verbindlich zusagen Zusage Reservierung übermorgen Januar Februar März April Juni Juli August September Oktober November Dezember',
      en: 'price prices price list pricing cost costs expensive cheap quote quotation discount payment pay invoice appointment date schedule installation install installer fitting fitter hanging hanger visit survey measure abroad complaint warranty guarantee promise guaranteed reservation tomorrow January February March April June July August September October November December',
    },
  },
};

/** How people ask for the whole catalog. */
export const CATALOG_WORDING: Wording = {
  label: { de: 'Materialkatalog', en: 'Material catalog' },
  terms: {
    de: 'Materialien Material Katalog Materialkatalog Sortiment Auswahl Übersicht Produkte Tapetenarten Tapeten Qualitäten Trägermaterialien alle welche habt führen anbieten Angebot',
    en: 'materials material catalog catalogue range selection overview products types of wallpaper wallpapers qualities substrates all which have offer',
  },
};

/** DIN 4102-1 building material classes in words. */
export const DIN_4102_WORDS: Record<string, LocalizedText> = {
  A1: { de: 'nichtbrennbar', en: 'non-combustible' },
  A2: { de: 'nichtbrennbar', en: 'non-combustible' },
  B1: { de: 'schwer entflammbar', en: 'flame-retardant' },
  B2: { de: 'normal entflammbar', en: 'normally flammable' },
  B3: { de: 'leicht entflammbar', en: 'highly flammable' },
};

/** Searchable words for the wet-room flag of a material (the configuration has a flag, no words). */
export const WET_ROOM_WORDS: Record<'suitable' | 'unsuitable', LocalizedText> = {
  suitable: { de: 'feuchtraumgeeignet für Feuchträume geeignet Bad Badezimmer', en: 'suitable for wet rooms damp rooms bathrooms' },
  unsuitable: { de: 'nicht für Feuchträume geeignet', en: 'not suitable for wet rooms' },
};

/**
 * Words for the characteristics every catalog material states (fire classification, cleanability,
 * weight and width), so a question about a property of a named material finds that material.
 */
export const MATERIAL_PROPERTY_WORDS: LocalizedText = {
  de: 'Brandverhalten Brandklasse Baustoffklasse Reinigung reinigen reinigbar abwaschbar abwischbar putzen Pflege Gewicht schwer Flächengewicht Grammatur Breite Druckbreite Rollenbreite Bahnbreite',
  en: 'reaction to fire fire class fire rating cleaning clean cleanable washable wipe wipeable care maintenance weight heavy grammage width printable width roll width',
};

/** How people ask for a recommendation ("Welches Material eignet sich …", "which wallpaper do you recommend …"). */
export const RECOMMENDATION_WORDS: LocalizedText = {
  de: 'Empfehlung empfehlen empfehlt empfohlen vorschlagen raten Material Materialien Tapete Tapeten Wandbelag Wandbekleidung Produkt geeignet eignet passend passt verwenden',
  en: 'recommendation recommend recommended suggest suggestion advise material materials wallpaper wallpapers wallcovering wall covering product suitable suit suits best use choose',
};

/** Function words the stop-word lists of @orama/stopwords lack; they carry no content in a question. */
export const EXTRA_STOPWORDS: Record<'de' | 'en', string[]> = {
  // Forms the Snowball list lacks though it has their stem ("unser", "sein"), and conjunctions.
  de: [
    'wann',
    'wer',
    'gibt',
    'bitte',
    'gerne',
    'gern',
    'ihnen',
    'euch',
    'unsere',
    'unseren',
    'unserem',
    'unserer',
    'unseres',
    'seid',
    'nachdem',
    'sowie',
    'obwohl',
    'sobald',
    'bereits',
    'bevor',
    'falls',
    'dass',
    'worauf',
    'könnt',
    'beim',
    // Modal verbs and fillers the list lacks in these forms ("Darf unser Assistent …", "überhaupt", "mal").
    'darf',
    'dürfen',
    'müssen',
    'sollen',
    'sollten',
    'könnten',
    'möchte',
    'möchten',
    'überhaupt',
    'eigentlich',
    'mal',
    'später',
    'finde',
    'finden',
    // Spoken forms without their -e, and "again" ("wo find ich nochmal …", "hab ich").
    'find',
    'hab',
    'nochmal',
    'nochmals',
    // "Wie kommen die Daten zu euch?": getting somewhere, said of everything.
    'kommen',
    'kommt',
    'komme',
    // Hedges: "ziemlich", "quasi" (no typo of "Quasar" or of a term).
    'ziemlich',
    'eher',
    'vielleicht',
    'irgendwie',
    'sowieso',
    'trotzdem',
    'quasi',
    // Spoken articles ("nen Webshop").
    'nen',
    'nem',
    // "usually" ("normalerweise" split into "normal" and "weise" found unrelated cards).
    'normalerweise',
    'üblicherweise',
    'gewöhnlich',
    'meistens',
    // "selber" (not a typo of "Silber"); about ("ungefähr" is no ferry, "Fähre").
    'selber',
    'ungefähr',
    // "zum Beispiel", "beispielsweise": what follows is the example.
    'beispiel',
    'beispielsweise',
    // Counting ("Ab wann zählen die Werktage?"), whose stem is the one of paying ("zahlen") in the search.
    'zählen',
    'zählt',
    'gezählt',
    'etwa',
    'circa',
    'ca',
    // Doing, said of anything ("Was macht ihr?", "Mit wem habe ich es zu tun?").
    'tun',
    'macht',
    'machen',
    'wem',
    // Assent before a follow-up ("Klingt gut. Was brauchen Sie …?"), which says nothing of what is asked.
    'klingt',
    'gut',
    'prima',
    'super',
    'okay',
    'ok',
    // Greetings and thanks ("Hallo zusammen, wie läuft …?"): "hallo" is no typo of "hallt", and in the search they are no term.
    'hallo',
    'hi',
    'hey',
    'moin',
    'servus',
    'danke',
    'gruß',
    'grüße',
  ],
  // What is left of "we're", "we've", "we'll".
  en: [
    'a',
    'please',
    'could',
    'would',
    're',
    've',
    'll',
    'etc',
    'also',
    'just',
    'really',
    'actually',
    'later',
    'one',
    'ones',
    'find',
    'like',
    'ok',
    'okay',
    'quite',
    'rather',
    'pretty',
    'anyway',
    'maybe',
    'perhaps',
    'somewhat',
    // Verbs and nouns said of anything ("things going", "what can u do"; not "get": "get back to me" is a reply): they carry no fact.
    'go',
    'goes',
    'going',
    // "How does neutral shipping work?": how the thing named works, not the workflow the stem would find.
    'work',
    'works',
    'thing',
    'things',
    'stuff',
    'sounds',
    'good',
    'great',
    'usually',
    'normally',
    'typically',
    // "for example", "for instance": what follows is the example, the words themselves say nothing.
    'example',
    'instance',
    // Indefinite pronouns ("Is neutral shipping something I need to ask for?", "will anyone pick up?").
    'something',
    'anything',
    'anyone',
    'anybody',
    // Relaying a question ("my user is wondering what response time to expect"): the question follows.
    'wonder',
    'wonders',
    'wondering',
    'curious',
    // Greetings and thanks ("Hi there, how does ordering work?").
    'hello',
    'hi',
    'hey',
    'thanks',
    'thank',
    'regards',
  ],
};

/** The attributes a question can ask of a named material (the catalog's fields). */
export type AttributeId = 'weight' | 'width' | 'fire' | 'cleanability' | 'surface' | 'base_material' | 'certifications' | 'applications' | 'wet_room';

/** How questions name each attribute of a material; comma-separated phrases. */
export const ATTRIBUTE_WORDS: Record<AttributeId, LocalizedText> = {
  weight: {
    de: 'Gewicht, Flächengewicht, Grammatur, wiegt, wiegen, schwer, Gramm pro Quadratmeter, Quadratmetergewicht, auf die Waage',
    en: 'weight, weigh, weighs, heavy, grammage, grams per square metre, grams per square meter, gsm',
  },
  width: { de: 'Breite, breit, Druckbreite, Rollenbreite, Bahnbreite, bedruckbar, bedruckt', en: 'width, wide, printable width, roll width, printable' },
  fire: {
    de: 'Brandverhalten, Brandklasse, Brandschutzklasse, Baustoffklasse, Euroklasse, Feuerklasse, Entflammbarkeit, brandschutztechnisch, DIN 4102, EN 13501',
    en: 'reaction to fire, fire class, fire rating, fire classification, fire behaviour, fire behavior, euroclass, DIN 4102, EN 13501',
  },
  cleanability: {
    // "putzen" as written only (its stem is the plaster, "Putz"): "putzen", "geputzt", "putzbar".
    de: 'Reinigung, reinigen, Reinigungsfähigkeit, reinigungsfähig, Reinigungsklasse, Reinigungsnorm, reinigbar, gereinigt, zu putzen, geputzt, putzbar, sauber machen, sauber halten, Pflege, pflegen, abwischen',
    en: 'cleaning, clean, cleaned, cleanability, cleanability class, care, wipe, maintenance, keep clean',
  },
  surface: {
    de: 'Oberfläche, Oberflächen, Oberflächenbeschaffenheit, Beschaffenheit, Haptik, Struktur, Optik, Finish',
    en: 'surface, finish, texture, surface finish, feel',
  },
  base_material: {
    de: 'Trägermaterial, Träger, Basismaterial, besteht, bestehen, Aufbau, Grundmaterial, woraus, aus welchem Stoff, aus welchem Material, gemacht aus, Gewebe, Unterseite, Beschichtung',
    en: 'base material, backing, made of, made from, substrate, composition, underneath, what is it made, fabric underneath, consists of, consist of, carrier, coating, built from',
  },
  certifications: {
    de: 'Zertifikat, Zertifikate, Zertifizierung, Zertifizierungen, zertifiziert, Prüfzeichen, Nachweis, Nachweise, Emissionsklasse, Emissionen, VOC',
    en: 'certification, certifications, certificate, certificates, certified, emission class, emissions class, emissions, VOC',
  },
  applications: {
    de: 'Einsatzbereich, Einsatzbereiche, Anwendung, Anwendungen, eingesetzt, verwendet, einsetzen, verwenden, wofür, Verwendung, Bereichen, wo, verbaut, verbauen, Einsatz, Einsatzgebiet, Einsatzgebiete, gedacht, vorgesehen, Art von Räumen, Räume, Räumen',
    en: 'applications, application, used, use, uses, where, intended for, meant for, kind of spaces, spaces, rooms',
  },
  wet_room: { de: 'Feuchtraumeignung, Spritzwasser, Dusche, Duschen', en: 'wet-room note, shower, showers, splash' },
};

/**
 * What the catalog does not publish about a material besides a price and stock (facts/wording.ts NOT_PUBLISHED,
 * which names those in its refusal): asked of a named material, it is said so and routed.
 */
export const UNPUBLISHED_WORDS: LocalizedText = {
  de: 'U-Wert, Wärmeleitfähigkeit, Lambda-Wert, Lambdawert, Dicke, dick, Materialstärke, Rollenlänge, Länge, lang, Schallabsorption, Schallabsorptionsgrad, Absorptionsgrad, Absorptionskoeffizient, Schallabsorberklasse, Absorberklasse, Alpha w, Alpha-w, Akustik, Mindestbestellmenge, Mindestmenge, Mindestabnahme, Produktname, Markenname, Lichtechtheit, lichtecht, lichtbeständig, UV-Beständigkeit, UV-beständig, ausbleichen, verblassen, vergilben, ASTM, NFPA',
  en: 'u-value, thermal conductivity, lambda value, lambda, thermal, thickness, thick, roll length, length, long, sound absorption, absorption coefficient, sound absorption class, absorber class, alpha w, alpha-w, NRC, acoustic, acoustics, minimum order, minimum order quantity, moq, product name, brand name, lightfastness, lightfast, light fastness, colourfastness, colorfastness, UV resistance, UV-resistant, fade, fades, fading, yellowing, ASTM, NFPA',
};

/** Asking to order, reserve or commit: never done here; answered with how ordering works, or routed. */
export const ACTION_WORDS: LocalizedText = {
  de: 'bestellen, bestelle, Bestellung, reservieren, reserviere, zurücklegen, zurückhalten, vormerken, vorhalten, buchen, zusagen, verbindlich, garantieren, kaufen',
  en: 'order, ordered, reserve, reserved, put aside, set aside, book, booked, promise, guarantee, purchase, buy',
};

/** German verb particles that go to the end of the clause ("Legen Sie mir 50 m² zurück", "Merken Sie das vor"). */
export const SEPARABLE_PARTICLES: LocalizedText = { de: 'zurück, vor', en: '' };

/** Asking to confirm: a commitment, unless what is to be confirmed is a claim about a material ("X is only B2 – can you confirm?"). */
export const CONFIRM_WORDS: LocalizedText = { de: 'bestätigen', en: 'confirm' };

/** Words that say a condition is required; after a negation they waive it ("keine Anforderungen an Brandschutz"). */
export const REQUIREMENT_WORDS: LocalizedText = {
  de: 'Anforderung, Anforderungen, Auflage, Auflagen, Vorgabe, Vorgaben, nötig, notwendig, erforderlich, gefordert, verlangt',
  en: 'requirement, requirements, required, needed, necessary, demands, rules',
};

/** What a need is said not to be after it ("Rettungswege sind nicht betroffen", "wet rooms are not an issue"): no condition. */
export const CONCERNED_WORDS: LocalizedText = {
  de: 'betroffen, relevant, gefordert, verlangt, Thema',
  en: 'affected, concerned, relevant, required, needed, an issue',
};

/** Words that turn a yes/no around ("Spricht etwas dagegen, …?", "anything against …?"): its "Ja"/"Nein" would mislead. */
export const INVERTING_WORDS: LocalizedText = { de: 'dagegen', en: 'against' };

/** Particles a phrase of the question's shape may have inside it ("Was passiert eigentlich, nachdem …", "what actually happens next"). */
export const PHRASE_PARTICLES: LocalizedText = {
  de: 'eigentlich, denn, genau, überhaupt, mal, halt, wohl, bitte, da, jetzt, nun, dann, am, besten, so, eben, dazu, dabei',
  en: 'actually, exactly, really, basically, please, now, then, best, just',
};

/**
 * Qualities a surface is asked for by ("Hat X eine glatte Oberfläche?", "Is it glossy?"), each with the words
 * that say it; a yes/no on one is answered from the material's published surface.
 */
export const SURFACE_QUALITIES: LocalizedText[] = [
  { de: 'glatt, glatte, glatter, glattes', en: 'smooth' },
  { de: 'matt, matte, matter, mattes, seidenmatt', en: 'matt, matte, satin' },
  { de: 'glänzend, glänzende, glänzt, Glanz, hochglänzend', en: 'glossy, gloss, shiny, shine, sheen' },
  { de: 'strukturiert, strukturierte, Struktur, Prägung, geprägt, geprägte', en: 'textured, texture, structured, embossed, emboss' },
  { de: 'textil, textile, Stoff', en: 'textile, fabric' },
  { de: 'metallisch, metallische', en: 'metallic' },
];

/** Verbs of getting and sending, said of every fact: a yes/no's other terms decide whether a fact states what it asks. */
export const GENERAL_VERBS: LocalizedText = {
  de: 'bekommen, bekomme, bekommt, erhalten, erhalte, kriegen, kriege, schicken, schickt, senden, sendet, zurück',
  en: 'get, gets, send, sends, send out, receive, receives, back',
};

/** When a line open on working days in the day is closed: the weekend and the evening ("Samstagvormittag" too). */
export const OFF_HOURS_WORDS: LocalizedText = {
  de: 'Samstag, Samstags, Sonntag, Sonntags, Wochenende, Wochenenden, abends, Abend, nachts, Nacht',
  en: 'Saturday, Saturdays, Sunday, Sundays, weekend, weekends, evening, evenings, night, nights',
};

/** The afternoon, which puts an hour said without "pm" after noon ("nachmittags um halb fünf"). */
export const AFTERNOON_WORDS: LocalizedText = { de: 'nachmittags, nachmittag', en: 'afternoon' };

/** Words that give a question its shape: yes/no, list, comparison, superlative, comparative. */
export const QUESTION_SHAPE_WORDS = {
  aux: {
    de: 'ist, sind, seid, hat, haben, habt, hast, darf, dürfen, dürft, kann, können, könnt, könnte, könntet, könnten, muss, müssen, müsst, wird, werden, würde, würden, wäre, wären, eignet, passt, gibt, taugt, lässt, geht, klappt, funktioniert, spricht',
    en: 'is, are, has, have, does, do, can, may, could, will, would, should, isnt, arent',
  },
  // A yes/no asked indirectly ("Mein Kunde fragt, ob …", "I wonder whether …").
  whether: { de: 'ob', en: 'whether' },
  list: { de: 'welche, welcher, welches, welchem, welchen, alle, liste, auflisten, filtern', en: 'which, list, all, what materials, filter' },
  // Every material that qualifies, not the one to use ("Welche Materialien …", "Options?"): a setting then ranks.
  several: { de: 'Materialien, Optionen, Möglichkeiten, Alternativen', en: 'materials, options, alternatives' },
  compare: {
    de: 'Vergleich, vergleichen, Unterschied, Unterschiede, unterscheiden, vs, versus, gegenüber, im Vergleich zu, verglichen mit',
    en: 'compare, comparison, difference, differences, differ, vs, versus, stack up against, stacks up against, compared to, compared with',
  },
  lightest: { de: 'leichteste, leichtesten, leichtester, am leichtesten, möglichst leicht, so leicht wie möglich', en: 'lightest, as light as possible' },
  heaviest: { de: 'schwerste, schwersten, schwerster, am schwersten', en: 'heaviest' },
  widest: {
    de: 'breiteste, breitesten, breitester, am breitesten, möglichst breit, so breit wie möglich',
    en: 'widest, widest printable width, as wide as possible',
  },
  narrowest: { de: 'schmalste, schmalsten, schmalster, am schmalsten', en: 'narrowest' },
  // An extreme of whatever value the question names ("das höchste Flächengewicht", "the maximum print width").
  most: {
    de: 'höchste, höchsten, höchstes, größte, größten, größtes, maximale, maximalen, maximales, am meisten, am besten',
    en: 'highest, the most, maximum, max, largest, biggest, greatest',
  },
  // "performs best in terms of fire classification": the top of a value graded better or worse (not a weight).
  best: { de: 'am besten', en: 'best, top-rated, best-rated, highest-rated' },
  least: {
    de: 'geringste, geringsten, geringstes, niedrigste, niedrigsten, kleinste, kleinsten, minimale, minimalen, am wenigsten',
    en: 'lowest, the least, minimum, smallest',
  },
  most_cleanable: {
    de: 'strapazierfähigste, strapazierfähigsten, am strapazierfähigsten, robusteste, robustesten, pflegeleichteste, pflegeleichtesten, am pflegeleichtesten, am besten zu reinigen, am besten reinigen, am widerstandsfähigsten, widerstandsfähigste, reinigungsfreundlichste, am reinigungsfreundlichsten, am einfachsten zu reinigen, am leichtesten zu reinigen, hält Reinigung am besten aus, verträgt Reinigung am besten, geringsten Reinigungsaufwand, geringsten Pflegeaufwand, wenigsten Reinigungsaufwand, wenigsten Pflegeaufwand, am wenigsten Aufwand',
    en: 'most hard-wearing, most hard wearing, hardest-wearing, most durable, most robust, easiest to clean, most cleanable, best cleanability, easiest to keep clean, simplest to clean, simplest to keep clean, toughest, most resistant, stands up best to cleaning, best to clean, best for cleaning, copes best with cleaning, least effort to clean, least effort to keep clean, least cleaning effort, least maintenance, lowest maintenance',
  },
  best_fire: {
    de: 'beste Brandklasse, beste Brandschutzeinstufung, besten Brandschutzeinstufung, beste Einstufung im Brandschutz, besten Brandklasse, bestes Brandverhalten, besten Brandverhalten, höchste Brandklasse, höchsten Brandklasse, beste Brandschutzklasse, besten Brandschutzklasse, höchste Brandschutzklasse, höchsten Brandschutzklasse, sicherste, am sichersten, feuersicherste, feuersichersten, brandsicherste, brandsichersten',
    en: 'best fire rating, best fire class, best fire classification, highest fire classification, best reaction to fire, highest fire rating, highest fire class, most fire-resistant, most fire-safe, most fireproof, most fire-proof, safest',
  },
  recommend: {
    de: 'empfehlen, empfiehlst, Empfehlung, eignet, geeignet, passt, passend, nehmen, raten',
    en: 'recommend, recommended, recommendation, suggest, suitable, suit, suits, best, should',
  },
  next_step: {
    de: 'wie geht es weiter, wie geht es jetzt weiter, wie geht es dann weiter, wie gehts weiter, nächster Schritt, nächste Schritt, nächsten Schritt, nächste Schritte, was nun, was jetzt, wie gehen wir vor, wie gehe ich vor, wie starte ich, wie starten wir, Projektanfrage, Anfrage stellen, wie geht es los, wie gehts los, wo fangen wir an, wo fange ich an, was machen wir jetzt, was tun wir jetzt, wie geht es nun weiter, was muss ich tun, was müssen wir tun, was muss ich machen, was müssen wir machen, wie bringen wir das Projekt voran, wie starten wir das Projekt, das Projekt starten, was können wir tun, was kann ich tun, wohin damit, wohin schicken wir das, wohin schicke ich das, wie fange ich an, wie fang ich an, wie fangen wir an, womit fange ich an, womit fangen wir an, erster Schritt, ersten Schritt, erste Schritt, was mache ich jetzt, was mache ich nun, was mach ich jetzt, als Erstes, was mache ich zuerst, was tun wir zuerst, was tue ich jetzt, was machen wir nun, an Ihr Team übergeben, an euer Team übergeben, an Sie übergeben, an euch übergeben, wie übergebe ich, wie übergeben wir, wie bestelle ich, wie bestellen wir, wie bestellt man, wo bestelle ich, wo bestellen wir, wie kann ich bestellen, wie können wir bestellen, wo kann ich bestellen, wo können wir bestellen, wie kann man bestellen, wo kann man bestellen, wie man bestellt, wie man bei Ihnen bestellt, wie man bei euch bestellt, wie ich bestelle, wie ich bei Ihnen bestelle, wie wir bestellen, wie wir bei Ihnen bestellen',
    en: "next step, next steps, what now, what happens next, what do we do next, how do we proceed, how to proceed, how do i start, how do we start, how do we go about, how do i go about, get started, project enquiry, project inquiry, where do we start, where do i start, where to start, what do we do now, what do i do now, get things moving, get the ball rolling, what do i need to do, what do we need to do, get the project started, get the process started, start the process, get this started, get the project going, take the project forward, take this forward, move the project forward, move forward, what can we do, what can i do, where do we send it, where do i send it, where should we send it, first thing, first step, first steps, what's next, whats next, what should i do now, what should we do now, what should i do next, what do i do first, what should i do first, what do i do, what do we do, what do we do first, what do i do next, hand over, hand off, hand the client over, hand my client over, how do i order, how do we order, how can i order, how can we order, how does one order, where do i order, where can i order, where can we order, how do i buy, how can i buy, where can i buy, how do i place an order, how do we place an order, how to order, how to place an order, how one orders",
  },
  // What to have ready for an enquiry or a quote ("Was brauchen Sie von mir?"): the FAQ entry that says so.
  // ("parat haben", "have at hand" are the staff's synonyms of "Angaben"/"information": STEP_PAIRS reads them so.)
  prepare_step: {
    de: 'was brauchen Sie von mir, was braucht ihr von mir, was brauchen Sie von uns, was braucht ihr von uns, was benötigen Sie von mir, was benötigen Sie von uns',
    en: 'what do you need from me, what do you need from us, what would you need from me, what would you need from us',
  },
  // A follow-up about all the materials the previous answer named ("which of those …"), not only its first.
  those: {
    de: 'davon, diesen, denen, von denen, welche davon, unter diesen',
    en: 'those, these, of them, of those, among them',
  },
  // The other next steps a person can take for a material: a sample, a check of the print file, a call.
  after_step: {
    de: 'was passiert nach, was passiert nachdem, was passiert danach, was passiert dann, was passiert als nächstes, was kommt als nächstes, was folgt als nächstes, was kommt nach, was kommt danach, was folgt nach, was folgt danach, was passiert jetzt, was passiert nun, wie geht es nach, wie läuft das ab, wie läuft das bei euch ab, wie läuft das bei ihnen ab, wie läuft es ab, wie ist der ablauf, von Anfang bis Ende, von A bis Z, Schritt für Schritt, von der ersten Anfrage bis, bis zur Lieferung, den ganzen Ablauf, den gesamten Ablauf, den Ablauf',
    en: 'what happens after, what happens once, what happens when, what comes after, what follows after, what comes next, what follows next, and after that, what happens now, how does the process work, what does the process look like, how does it all work, start to finish, beginning to end, end to end, end-to-end, walk me through, whats the process, what is the process, step by step, the whole process, the entire process, outline the process',
  },
  sample_step: {
    de: 'Muster, Mustermappe, Musterbuch, Materialmuster, Materialprobe, Musterstück, Bemusterung, Musteranfrage',
    en: 'sample, samples, swatch, swatches, sample book, sample request',
  },
  file_check_step: {
    de: 'Wallcheck, Datencheck, Dateiprüfung, Druckdatenprüfung, Druckdaten prüfen, Druckdatei prüfen, Datei prüfen',
    en: 'Wallcheck, file check, check my file, check my print file, check the file, check my artwork, preflight',
  },
  person_step: {
    de: 'jemanden sprechen, mit jemandem sprechen, persönlich sprechen, mit einem Menschen, Ansprechpartner, wen rufe ich an, wen ruf ich an, wen ruft man an, wen kann ich anrufen, anrufen, telefonieren, zurückrufen, zurückruft, Rückruf, wen kontaktiere ich, an wen wende ich mich, an wen kann ich mich wenden, an wen wenden wir uns, an wen können wir uns wenden, an wen muss ich mich wenden, an wen müssen wir uns wenden, mit wem spreche ich, mit wem sprechen wir, wer kümmert sich, wer ist zuständig, wer ist bei ihnen zuständig, wer ist mein ansprechpartner, wer kann mich beraten, wer kann uns beraten, wer berät mich, wer berät uns, beraten lassen, wohin soll ich ihn, wohin soll ich sie, an wen verweise ich',
    en: 'talk to a human, talk to someone, speak to someone, speak to a person, talk to a person, who do i call, who can i call, rather talk, call you, phone you, ring you, call me back, call us back, callback, reach a person, reach someone, actual person, real person, who do i contact, who should i contact, who can i contact, who do i speak to, who do we speak to, who should i speak to, who should we speak to, who do i talk to, who do we talk to, who should i talk to, who should we talk to, who can i speak to, who can we speak to, who can i talk to, who can we talk to, who do we contact, who should we contact, who can i ring, who do i ring, who should i ring, who can we ring, who handles, who takes care of, who is responsible for, who deals with, who is in charge of, who can advise me, who can advise us, get advice, with a human, talk to you directly, speak to you directly, where should i send them, where do i send them, which link should i, refer them',
  },
  lighter: { de: 'leichter', en: 'lighter' },
  heavier: { de: 'schwerer', en: 'heavier' },
  wider: { de: 'breiter', en: 'wider' },
  narrower: { de: 'schmaler', en: 'narrower' },
} satisfies Record<string, LocalizedText>;

/** Asking to be given something: after a next step ("Do you do samples?"), "where do I request one?" asks for that step. */
export const REQUEST_WORDS: LocalizedText = {
  de: 'anfordern, bestellen, beantragen, anfragen',
  en: 'request, order',
};

/** Who is behind the site: no other thing asked of whom it asks ("Wer steckt hinter dieser Seite?"). */
export const BEHIND_WORDS: LocalizedText = { de: 'steckt, hinter, Seite, Webseite, Website', en: 'behind, site, website, page' };

/** Verbs that report a question someone else asks ("my fitter asked me which …", "der Kunde möchte wissen, welche …"). */
export const REPORTING_WORDS: LocalizedText = {
  de: 'fragt, fragte, gefragt, fragen, wissen, wüsste',
  en: 'asked, asks, asking, know, wonders, wondering',
};

/** The words a reported question starts with. */
export const REPORTED_QUESTION_WORDS: LocalizedText = { de: 'welche, welcher, welches, welchen, was, wie, ob', en: 'which, what, how, whether' };

/** Where a person orders online and pays ("Onlineshop", "checkout"): paying there is ordering, not a price asked. */
export const CHECKOUT_WORDS: LocalizedText = {
  de: 'Onlineshop, Online-Shop, Webshop, Web-Shop, Shop, Warenkorb, Kasse',
  en: 'online shop, web shop, webshop, shop, checkout, check out, cart, shopping cart, basket',
};
export const PAYING_WORDS: LocalizedText = { de: 'bezahlen, bezahle, zahlen, zahle', en: 'pay, paying' };

/**
 * Words a need says its material is free of start with these ("ohne Weichmacher", "no flaming droplets"); what follows
 * is the substance. Asked whether a material contains it ("Sind da Weichmacher drin?"), the need is asked, turned around.
 */
export const PRIVATIVE_WORDS: LocalizedText = { de: 'ohne, kein, keine, keinen, frei von', en: 'without, no, free of' };
export const CONTAINS_WORDS: LocalizedText = {
  de: 'drin, darin, enthalten, enthält, stecken, steckt, beinhaltet, beinhalten',
  en: 'contain, contains, containing, in it, produce, produces, release, releases',
};

/** Whose a thing is when it is the asker's ("unser", "our"), and the words for a company said so ("our company logo"). */
export const OWNERS: LocalizedText = {
  de: 'unser, unsere, unserem, unseren, unserer, unseres, mein, meine, meinem, meinen, meiner, meines',
  en: 'our, my',
};
/** For whom an assistant or an agency asks ("mein Kunde möchte wissen …", "my user is wondering …"), said with OWNERS before it. */
export const PRINCIPALS: LocalizedText = {
  de: 'Kunde, Kunden, Kundin, Nutzer, Nutzerin, Auftraggeber, Auftraggeberin, Bauherr, Bauherrn, Bauherrin',
  en: 'user, client, customer',
};
export const COMPANY_NOUNS: LocalizedText = { de: 'Firma, Unternehmen, Unternehmens, Betrieb, Betriebs', en: 'company, firm, business' };

/** Where a company sits, or what it is ("based in Germany", "ein deutscher Hersteller"). */
export const SEAT_WORDS: LocalizedText = {
  de: 'Sitz, sitzt, sitzen, ansässig, Hersteller, Herstellers, Firmensitz',
  en: 'based, located, headquartered, manufacturer, maker',
};

/** A quote: an advisor's, after an enquiry; asked how to get, it is a next step, not a price ("How do I get a quote?"). */
export const QUOTE_WORDS: LocalizedText = { de: 'Angebot, Kostenvoranschlag', en: 'quote, quotation, an offer, the offer' };

/**
 * A next step said by what the person wants done and to what: a word of each anywhere in the question
 * ("die Druckdatei vorher durchsehen", "make sure my photo will print well", "the formal enquiry going").
 * A sample step said so needs a named material (acts only): "Vlies FR B1 mal in der Hand haben".
 */
export const STEP_PAIRS: Partial<Record<keyof typeof QUESTION_SHAPE_WORDS, { acts: LocalizedText; objects?: LocalizedText }[]>> = {
  sample_step: [
    {
      acts: {
        de: 'anfassen, fühlen, befühlen, in der Hand, in den Händen, in die Hand, in natura, live sehen, vor Ort sehen',
        en: 'touch, feel, in hand, in my hands, in our hands, in person, in real life, up close',
      },
    },
    // Or the material as such ("Mein Chef will das Material in der Hand haben").
    {
      acts: {
        de: 'anfassen, in der Hand, in den Händen, in die Hand, in natura, live sehen',
        en: 'touch, in hand, in my hands, in our hands, in his hands, in her hands, in real life, up close',
      },
      objects: {
        de: 'Material, Materialien, Tapete, Tapeten, Oberfläche, Haptik, Qualität, Optik',
        en: 'material, materials, wallpaper, wallcovering, surface, texture, quality',
      },
    },
  ],
  file_check_step: [
    {
      acts: {
        de: 'durchsehen, durchschauen, drüberschauen, draufschauen, anschauen, ansehen, prüfen, überprüfen, checken, kontrollieren, Prüfung, Qualitätsprüfung, Datenprüfung, sicherstellen, herausfinden, rausfinden, heraus, ausreichend, reicht, taugt',
        en: 'check, review, look over, look at, looked at, take a look, make sure, find out, verify, quality check, enough',
      },
      objects: {
        de: 'Druckdatei, Druckdateien, Druckdaten, Datei, Dateien, Motiv, Motive, Foto, Fotos, Bild, Bilder, Grafik, PDF, Auflösung, Bildauflösung',
        en: 'file, files, print file, artwork, motif, motifs, photo, photos, image, images, picture, pictures, PDF, resolution, high-res, hi-res, graphic',
      },
    },
  ],
  // A person to talk to, said by the act and who ("mit jemandem persönlich über X sprechen", "Wie erreiche ich einen Berater?").
  person_step: [
    {
      acts: {
        de: 'sprechen, reden, erreichen, erreiche, anrufen, telefonieren, hinzuziehen, ins Boot, vermitteln, verbinden, kommen wir an, komme ich an, kommt man an',
        en: 'talk, speak, reach, call, phone, ring, on board, involved, get me, connect me, put me in touch',
      },
      objects: {
        de: 'jemandem, jemanden, Berater, Beraterin, Fachberater, Fachberaterin, Mensch, Menschen, Person, Mitarbeiter',
        en: 'someone, somebody, advisor, adviser, consultant, human, person, representative, sales rep',
      },
    },
  ],
  // What is needed for an enquiry or a quote ("Welche Angaben brauche ich für eine Projektanfrage?", "what info do you need
  // for a quote?"), or what the asker should have ready ("what should I have at hand?", read as "what should I information").
  prepare_step: [
    {
      acts: {
        de: 'was brauchen Sie, was braucht ihr, was benötigen Sie, was benötigt ihr, was brauche ich, was brauch ich, was benötige ich, was brauchen wir, abfragen, erfragen, erfassen',
        en: 'what do you need, what would you need, what do i need to provide, what do we need to provide, what do i need to send, what do i need to give, what should i send, what should we send, collect, gather',
      },
      objects: {
        de: 'Anfrage, Projektanfrage, Angebot, Kostenvoranschlag, anfragen',
        en: 'enquiry, inquiry, quote, quotation, request, enquire, inquire, an offer',
      },
    },
    {
      acts: { de: 'Angaben, Informationen, Infos, Details, Unterlagen', en: 'information, info, details, documents' },
      objects: {
        de: 'Anfrage, Projektanfrage, Angebot, Kostenvoranschlag, anfragen, von mir, von uns, sollte ich, soll ich, muss ich, sollten wir, sollen wir, müssen wir, soll er, soll sie, sollte er, sollte sie, muss er, muss sie',
        en: 'enquiry, inquiry, quote, quotation, request, enquire, inquire, from me, from us, should i, do i need, should we, do we need, should they, do they need, should he, should she',
      },
    },
  ],
  next_step: [
    {
      acts: { de: 'anfragen, loslegen, angehen, los', en: 'get going, kick off, go about, get started, go ahead' },
      objects: { de: 'Projekt, Anfrage, Projektanfrage', en: 'project, enquiry, inquiry' },
    },
    // A quote comes from an advisor after an enquiry ("Wie komme ich an ein Angebot?").
    {
      acts: {
        de: 'bekommen, erhalten, anfordern, einholen, komme, kommen, anfragen, frage, fragen, schicken, zuschicken, senden, erstellen, kriegen, kriege, bitte',
        en: 'get, request, obtain, receive, send, prepare, like, need, please',
      },
      objects: QUOTE_WORDS,
    },
    // Sending is a step for an enquiry only: "send you my print file for the project" is a file transfer.
    {
      acts: { de: 'abschicken, schicken, senden, einreichen, stellen, aufgeben', en: 'send, submit, place, start, make, open' },
      objects: { de: 'Anfrage, Projektanfrage, Wandmaße, Maße', en: 'enquiry, inquiry, request, wall dimensions, dimensions, measurements' },
    },
  ],
};

/** Numbers in words, for "which three materials …" (a count a list names at most). */
export const COUNT_WORDS: Record<number, LocalizedText> = {
  2: { de: 'zwei', en: 'two' },
  3: { de: 'drei', en: 'three' },
  4: { de: 'vier', en: 'four' },
  5: { de: 'fünf', en: 'five' },
  6: { de: 'sechs', en: 'six' },
  7: { de: 'sieben', en: 'seven' },
  8: { de: 'acht', en: 'eight' },
  9: { de: 'neun', en: 'nine' },
  10: { de: 'zehn', en: 'ten' },
  11: { de: 'elf', en: 'eleven' },
  12: { de: 'zwölf', en: 'twelve' },
  14: { de: 'vierzehn', en: 'fourteen' },
};

/** How a yes/no compares a duration with the one a fact states ("länger als zwei Wochen", "within a week"). */
export const DURATION_COMPARATORS = {
  more: { de: 'länger, mehr, über', en: 'more, longer, over' },
  less: { de: 'weniger, unter, kürzer', en: 'less, under, shorter' },
  within: { de: 'innerhalb, in, bis, binnen', en: 'within, in' },
} satisfies Record<string, LocalizedText>;

/** One of a unit of time ("eine Woche", "a week", "one business day"). */
export const ONE_WORDS: LocalizedText = { de: 'ein, eine, einer, einem, einen, eines, eins, einzigen', en: 'a, an, one, single' };

/**
 * How a question compares a class with a level of an ordered scale (the scales themselves are data:
 * discovery.vocabulary.scales). before: written before the level ("mindestens B1"); or_better: after it
 * ("B1 oder besser").
 */
export const COMPARATOR_WORDS = {
  ge: { de: 'mindestens, wenigstens, zumindest, minimum, ab, nicht schlechter als', en: 'at least, minimum, no worse than, not worse than' },
  gt: {
    de: 'besser als, besser ist als, besser sind als, besser eingestuft als, besser klassifiziert als, höher als, höher eingestuft als, über, bessere, besseren, höhere, höheren',
    en: 'better than, higher than, rated better than, rated higher than, classified better than, classified higher than, above',
  },
  eq: { de: 'nur, genau, exakt, ausschließlich', en: 'only, exactly, just' },
  lt: {
    de: 'schlechter als, schlechter ist als, schlechter sind als, schlechter eingestuft als, niedriger als, niedriger eingestuft als, unter, schlechtere, schlechteren, niedrigere, niedrigeren',
    en: 'worse than, lower than, rated worse than, rated lower than, fall short of, falls short of, below',
  },
  le: { de: 'höchstens, maximal, nicht besser als', en: 'at most, maximum, no better than' },
  or_better: { de: 'oder besser, oder höher, und besser', en: 'or better, or higher, and better' },
} satisfies Record<string, LocalizedText>;

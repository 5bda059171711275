/** Norwegian word lists and text fragments the generators combine. */
import type { Material } from './taxonomy.js';
import type { GenderId } from './reference.js';

/**
 * Model names: Norwegian mountains, places and weather words. Several start with Æ, Ø or Å so names that sort last
 * in nb-NO (and wrongly in a byte-order sort) exist in every category.
 */
export const MODEL_NAMES = [
  'Galdhøpiggen', 'Glittertind', 'Snøhetta', 'Romsdal', 'Stetind', 'Rondane', 'Jotunheimen', 'Femund', 'Lyngen',
  'Lofoten', 'Senja', 'Hornelen', 'Kjerag', 'Besseggen', 'Gausta', 'Skåla', 'Hallingskarvet', 'Trolltind', 'Dovre',
  'Sylan', 'Hardanger', 'Folgefonna', 'Jostedal', 'Børgefjell', 'Saltfjell', 'Varanger', 'Finnskogen', 'Nordmarka',
  'Vidda', 'Fjellbris', 'Nordavind', 'Sønnavind', 'Havgula', 'Skodde', 'Rimfrost', 'Nordlys', 'Midnattsol', 'Lirype',
  'Jerv', 'Gaupe', 'Kvitfjell', 'Hemsedal', 'Trysil', 'Tromsdalstind', 'Vikafjell', 'Jan Mayen', 'Svalbard', 'Bjørnøya',
  'Ærfugl', 'Ørnes', 'Ørsta', 'Østerdalen', 'Øyer', 'Øksfjord', 'Årdal', 'Åndalsnes', 'Åmotsdal', 'Ålfjell', 'Åsgard',
];

export const MODEL_SUFFIXES = ['Lett', 'Pro', 'Varm', 'Allround', 'Klassisk', 'Ultralett', 'Aktiv', 'Komfort', 'Tur', 'Sport', '2.0'];

export const BRAND_TAGLINES: Record<string, string> = {
  Staut:
    'Fra Staut – vårt eget merke, utviklet og testet for norske forhold. Medlemmer av kundeklubben får 5 års garanti.',
  Vikafjell: 'Vikafjell lager furet, værbitt turutstyr som tåler vestlandsvær.',
  Nordtind: 'Nordtind kombinerer funksjon og enkel skandinavisk design.',
  Isbre: 'Isbre er laget for kalde dager i bakken og på breen.',
  Polarlys: 'Polarlys holder deg varm gjennom den mørke årstiden.',
  Skarvet: 'Skarvet lager slitesterke klær for lange dager i fjellet.',
  Tindefjell: 'Tindefjell utvikler utstyr sammen med norske fjellførere.',
  Havbris: 'Havbris er lette klær for kyst, fjord og sommerdager.',
  Trollbarn: 'Trollbarn lager robuste klær for barn som leker ute i all slags vær.',
  Tussi: 'Tussi – fargerike favoritter for de minste.',
  Løypeglad: 'Løypeglad er for alle som elsker en fin tur i lysløypa.',
  Bratt: 'Bratt er utstyr for alpinister som liker det bratt og raskt.',
  Fjordløp: 'Fjordløp lager løpeutstyr for norsk terreng og norsk vær.',
  Ullvik: 'Ullvik bruker myk merinoull fra sertifiserte gårder.',
  Snøgg: 'Snøgg lager ski og staver for fart og glede.',
  Kraftkost: 'Kraftkost lager næring for aktive mennesker.',
  Tørst: 'Tørst – drikke for lange dager ute.',
  Mørketid: 'Mørketid lager lys for den mørke halvdelen av året.',
  Villmark: 'Villmark lager turutstyr for netter under åpen himmel.',
  Ballsterk: 'Ballsterk lager baller til trening og kamp.',
  Kvikk: 'Kvikk lager treningsutstyr til hjemmet og treningssenteret.',
};

export const FIT_SENTENCE: Record<GenderId, string> = {
  1: 'Herremodell med normal passform.',
  2: 'Damemodell med litt innsvinget passform.',
  4: 'Tilpasset barn – lett å ta på selv, med god plass til å vokse.',
  10: 'Unisexmodell som passer både kvinner og menn.',
  11: 'Juniormodell for barn og ungdom.',
};

export const WASH: Record<Material, { wash: string | null; care: string }> = {
  shell: {
    wash:
      'Vask 40 °C, skånsomt program, med flytende vaskemiddel uten tøymykner. Ikke bleik. Kan tørketromles på lav varme – varmen reaktiverer impregneringen. Ikke rens.',
    care: 'Lukk alle glidelåser og borrelåser før vask. Impregner ved behov med spray- eller vaskeimpregnering.',
  },
  down: {
    wash:
      'Vask 30 °C, skånsomt program, med dunvaskemiddel. Ikke bleik. Tørketromles på lav varme med et par tennisballer til dunet er helt tørt. Ikke rens.',
    care: 'Oppbevares løst opphengt, ikke komprimert. Rist opp dunet etter bruk.',
  },
  wool: {
    wash: 'Ullvask 30 °C eller håndvask med ullvaskemiddel. Ikke bleik. Ikke tørketrommel. Tørkes liggende.',
    care: 'Luft plagget i stedet for å vaske det ofte – ull er naturlig luktresistent.',
  },
  synthetic: {
    wash: 'Vask 40 °C. Ikke bleik. Kan tørketromles på lav varme. Ikke stryk på trykk.',
    care: 'Vreng plagget før vask. Unngå tøymykner, den svekker fukttransporten.',
  },
  cotton: {
    wash: 'Vask 40 °C, like farger sammen. Ikke bleik. Kan tørketromles på lav varme. Stryk på middels varme.',
    care: 'Vreng plagget før vask for å bevare trykk og farge.',
  },
  fleece: {
    wash: 'Vask 40 °C, skånsomt program. Ikke bleik. Ikke tørketrommel.',
    care: 'Vask plagget i en vaskepose for å redusere utslipp av mikroplast.',
  },
  rain: {
    wash: 'Skyll av skitt med lunkent vann og mild såpe. Maskinvask maks 30 °C, skånsomt. Ikke tørketrommel. Ikke rens.',
    care: 'Heng til tørk, ikke over direkte varme. Oppbevares tørt og luftig.',
  },
  shoe: {
    wash: null,
    care: 'Børst av skitt og tørk med en fuktig klut. Tørkes i romtemperatur, aldri ved varmeovn. Impregner jevnlig.',
  },
};

export const REVIEW_TEXTS: Record<number, string[]> = {
  5: [
    'Helt perfekt! Har brukt den på flere turer allerede og er kjempefornøyd.',
    'Super kvalitet til prisen. Anbefales på det varmeste.',
    'Akkurat det jeg var ute etter. God passform og rask levering.',
    'Barna elsker den, og den tåler mye lek.',
    'Beste kjøpet i år – holdt meg tørr og varm hele helgen på fjellet.',
  ],
  4: [
    'Veldig fornøyd, men den var litt stor i størrelsen.',
    'God kvalitet. Skulle gjerne hatt en ekstra lomme.',
    'Fin farge og god komfort. Trekker litt for meg at den er noe tung.',
    'Fungerer som den skal. Hentet i butikk samme dag.',
  ],
  3: [
    'Helt grei, men ikke noe spesielt.',
    'Passformen var litt smal for meg. Kvaliteten er ok.',
    'Gjør jobben, men jeg hadde forventet litt mer for prisen.',
  ],
  2: ['Fargen var annerledes enn på bildet.', 'Glidelåsen hakker litt. Skuffet.'],
  1: ['Gikk i stykker etter kort tid. Har sendt reklamasjon.', 'Dessverre altfor liten, og byttet tok lang tid.'],
};

/** The shop's replies, by the tone of the review they answer (4–5 stars, 3, 1–2). */
export const REVIEW_REPLIES = {
  praise: ['Takk for tilbakemeldingen! Hilsen kundeservice i Staut.', 'Så hyggelig å høre – god tur videre!'],
  mixed: ['Takk for en ærlig vurdering! Spør gjerne i butikken om råd om størrelse og passform.', 'Takk for tilbakemeldingen – den tar vi med oss.'],
  complaint: ['Takk for at du sier ifra. Ta gjerne kontakt med kundeservice, så finner vi en løsning.', 'Så leit å høre! Kontakt kundeservice, så ordner vi en reklamasjon eller et bytte.'],
} as const;

export function reviewRepliesFor(rating: number): readonly string[] {
  return rating >= 4 ? REVIEW_REPLIES.praise : rating === 3 ? REVIEW_REPLIES.mixed : REVIEW_REPLIES.complaint;
}

/**
 * Static copy pages (issue 7), written for this shop in Norwegian and stored in `static_pages` so editors can change
 * them without a deploy. Seeding inserts missing pages only (ON CONFLICT DO NOTHING): deterministic, idempotent, and
 * an editor's later change is never overwritten. Bodies use only the HTML the sanitiser allows (a test checks).
 * The article pages (/dette-trenger-barnet-til-barnehagestart …) are blog posts (content.ts), with linked products.
 */
import { staticPages } from '../db/schema.js';
import { BRAND_NAME, COMPANY_NAME, CUSTOMER_SERVICE_EMAIL } from './content.js';
import type { AnyPgDatabase } from './insert.js';

/** The copy's revision date (fixed, so the seed is byte-for-byte reproducible). */
export const PAGES_REVISED_AT = '2026-11-01T00:00:00.000Z';
const PHONE = '22 00 55 55';

export interface StaticPageDef {
  slug: string;
  title: string;
  body: string;
}

export const STATIC_PAGES: StaticPageDef[] = [
  {
    slug: 'om-oss',
    title: 'Om oss',
    body: `<p>${BRAND_NAME} er en norsk kjede for sport, friluftsliv og barneklær. Vi ble grunnlagt i 2012 med én liten butikk og en enkel idé: gode klær og godt utstyr skal gjøre det lettere å være ute – for store og små, i all slags vær.</p>
<h2 id="butikkene">Butikkene våre</h2>
<p>I dag har vi 14 butikker fra Kristiansand i sør til Alta i nord, og en nettbutikk som sender til hele landet. Alt vi selger på nett ligger på lager i butikkene, så du kan bestille på nett og hente i nærmeste butikk med Klikk &amp; Hent – ofte samme dag.</p>
<h2 id="kundeklubben">Kundeklubben</h2>
<p>Som medlem i kundeklubben får du 5 års garanti på alle ${BRAND_NAME}-produkter, medlemspriser, bonus på alle kjøp og invitasjoner til turkvelder og arrangementer i butikkene. Medlemskapet er gratis, og du melder deg inn når du oppretter en konto.</p>
<h2 id="folkene">Folkene</h2>
<p>Vi som jobber i butikkene går selv på ski, padler, løper og drar på tur med barna. Spør oss gjerne om råd – enten du skal på første fjelltur eller trenger ny dress til barnehagen.</p>
<p>Les mer om <a href="/om-staut">egenmerket ${BRAND_NAME}</a>, om <a href="/baerekraftig-forretningspraksis">hvordan vi jobber med bærekraft</a>, eller <a href="/kundeservice">ta kontakt med kundeservice</a>.</p>`,
  },
  {
    slug: 'om-staut',
    title: `Om ${BRAND_NAME}`,
    body: `<p>${BRAND_NAME} er vårt eget merke for turklær, ytterklær og barneklær. Plaggene utvikles i Norge og testes der de skal brukes: i regn på Vestlandet, i kulde på Finnmarksvidda og i barnehagens sandkasse.</p>
<h2 id="ytterklaer">Ytterklær med 15 000 mm vannsøyle</h2>
<p>Skalljakkene og skallbuksene fra ${BRAND_NAME} har 15 000 mm vannsøyle og tapede sømmer. Det betyr at stoffet tåler et vanntrykk tilsvarende en 15 meter høy vannsøyle før det slipper gjennom vann – nok for lange dager i kraftig regn. Impregneringen er fluorfri (<a href="/bionic-finish-eco">les om Bionic Finish Eco</a>).</p>
<h2 id="garanti">5 års garanti for medlemmer</h2>
<p>Vi står for kvaliteten. Er du medlem i kundeklubben, får du 5 års garanti på alle ${BRAND_NAME}-produkter mot material- og produksjonsfeil, i tillegg til reklamasjonsretten etter forbrukerkjøpsloven.</p>
<h2 id="reparasjon">Laget for å repareres</h2>
<p>Vi velger slitesterke materialer og enkle løsninger, og vi fører reservedeler som glidelåser, spenner og snorstoppere. Ta med plagget til en av butikkene våre, så hjelper vi deg med å få det reparert.</p>`,
  },
  {
    slug: 'kundeservice',
    title: 'Kundeservice',
    body: `<p>Vi hjelper deg gjerne! Her finner du svar på det meste om bestilling, levering, retur og reklamasjon.</p>
<h2 id="kontakt">Kontakt oss</h2>
<ul><li>E-post: <a href="mailto:${CUSTOMER_SERVICE_EMAIL}">${CUSTOMER_SERVICE_EMAIL}</a></li><li>Telefon: ${PHONE} (hverdager 09–16)</li><li>I butikk: <a href="/butikker">finn nærmeste butikk</a></li></ul>
<p>Vi svarer på e-post innen én virkedag. Har du en ordre, oppgi gjerne ordrenummeret.</p>
<h2 id="levering">Levering</h2>
<ul><li><strong>Hjemlevering:</strong> 199 kr. Levering på døren innen 1–3 virkedager.</li><li><strong>Klikk &amp; Hent:</strong> gratis. Bestill på nett og hent i valgt butikk – vanligvis klart innen to timer i åpningstiden.</li></ul>
<p>Du får SMS og e-post når varene er sendt eller klare til henting. Varer som hentes i butikk, ligger klare i 5 dager.</p>
<h2 id="betaling">Betaling</h2>
<p>Du kan betale med kort (Visa og Mastercard), Vipps eller faktura og delbetaling gjennom betalingsløsningen i kassen. Beløpet trekkes først når varene sendes eller hentes. Alle priser er oppgitt i norske kroner inkludert 25 % merverdiavgift.</p>
<h2 id="retur">Retur og angrerett</h2>
<p>Du har 14 dagers angrerett etter angrerettloven fra du mottar varene, og som medlem i kundeklubben har du 30 dagers åpent kjøp. Varen må være ubrukt, med merkelapper og i original emballasje.</p>
<ol><li>Fyll ut returskjemaet som ligger i pakken, eller skriv ordrenummeret på en lapp.</li><li>Lever pakken på et postkontor eller en post i butikk, eller lever den i en av butikkene våre.</li><li>Vi betaler tilbake til samme betalingsmiddel innen 14 dager etter at vi har mottatt returen.</li></ol>
<p>Retur i butikk er gratis. Ved retur med post trekker vi 99 kr for frakten.</p>
<h2 id="reklamasjon">Reklamasjon</h2>
<p>Er det noe galt med varen, har du reklamasjonsrett i to år – fem år for varer som er ment å vare vesentlig lenger, etter forbrukerkjøpsloven. Medlemmer i kundeklubben har i tillegg 5 års garanti på alle ${BRAND_NAME}-produkter.</p>
<p>Ta med varen og kvitteringen til en av butikkene våre, eller send oss en e-post med bilde av feilen og ordrenummeret. Vi reparerer, bytter eller gir pengene tilbake.</p>
<h2 id="vilkar">Kjøpsvilkår</h2>
<p>Selger er ${COMPANY_NAME}. Kjøpet reguleres av forbrukerkjøpsloven, angrerettloven og markedsføringsloven. Avtalen er bindende når du har fått ordrebekreftelse på e-post. Vi tar forbehold om feil i priser og lagerstatus; oppdager vi en feil, kontakter vi deg før ordren behandles.</p>
<p>Uenigheter forsøker vi å løse i minnelighet. Du kan også klage til Forbrukertilsynet og Forbrukerklageutvalget, eller bruke EU-kommisjonens klageportal.</p>
<p>Les også <a href="/personvernerklaering">personvernerklæringen</a>.</p>`,
  },
  {
    slug: 'vedlikehold',
    title: 'Vedlikehold og vask',
    body: `<p>Riktig vask og stell gjør at klærne varer lenger, holder seg varme og beskytter mot vær og vind. Sjekk alltid vaskelappen først – her er våre generelle råd.</p>
<h2 id="ull">Ull</h2>
<ul><li>Luft ullplagg i stedet for å vaske dem ofte. Ull renser seg mye selv.</li><li>Vask på ullprogram, maks 30 °C, med et mildt ullvaskemiddel uten enzymer.</li><li>Ikke bruk tøymykner. Sentrifuger forsiktig.</li><li>Tørk plagget liggende på et håndkle – aldri i tørketrommel eller på varmeovn.</li></ul>
<h2 id="dun">Dun</h2>
<ul><li>Lukk glidelåser og knepp igjen trykknapper før vask.</li><li>Vask på 30 °C med dunvaskemiddel, og skyll ekstra godt.</li><li>Tørketroml på lav varme sammen med to–tre tennisballer til dunet er helt tørt – det kan ta flere timer.</li><li>Oppbevar dunjakker og soveposer løst hengende, ikke sammenpresset.</li></ul>
<h2 id="impregnerte-plagg">Impregnerte plagg og skalltøy</h2>
<p>Ytterklærne fra ${BRAND_NAME} har 15 000 mm vannsøyle og fluorfri impregnering. Vannsøylen sitter i membranen, mens impregneringen får vannet til å perle av overflaten. Begge deler trenger litt stell:</p>
<ul><li>Vask skalljakker og skallbukser jevnlig: skitt og hudfett gjør at stoffet slutter å puste.</li><li>Bruk flytende vaskemiddel uten tøymykner, på 30–40 °C etter vaskelappen.</li><li>Tørketroml på lav varme eller stryk på lav varme med et håndkle imellom – varmen reaktiverer impregneringen.</li><li>Når vannet ikke lenger perler seg, bruker du en fluorfri vaske- eller sprayimpregnering.</li></ul>
<h2 id="regntoy">Regntøy til barn</h2>
<p>Skyll av gjørme med lunkent vann og en myk børste. Vask regntøyet i maskin bare når det trengs, på lav temperatur, og heng det til tørk. Unngå tørketrommel – PU-belegget tåler ikke høy varme.</p>
<p>Lurer du på noe? <a href="/kundeservice#kontakt">Spør kundeservice</a> eller personalet i butikken.</p>`,
  },
  {
    slug: 'baerekraftig-forretningspraksis',
    title: 'Bærekraftig forretningspraksis',
    body: `<p>Det mest bærekraftige plagget er det som blir brukt lenge. Derfor prøver vi å selge klær og utstyr som varer, og å hjelpe deg å ta vare på det du har.</p>
<h2 id="produkter">Produktene</h2>
<ul><li>Alle ${BRAND_NAME}-skalljakker er impregnert uten PFAS (fluorkarboner).</li><li>Ull i våre egne plagg kommer fra leverandører som er sertifisert etter Responsible Wool Standard, uten mulesing.</li><li>Dun i våre egne plagg er sertifisert etter Responsible Down Standard.</li><li>Vi øker andelen resirkulert polyester og polyamid for hver kolleksjon.</li></ul>
<h2 id="leverandorer">Leverandører og åpenhet</h2>
<p>Vi følger åpenhetsloven og gjør aktsomhetsvurderinger av leverandørene våre for menneskerettigheter og anstendige arbeidsforhold. Alle leverandører skriver under på våre etiske retningslinjer. Du kan be om informasjon om hvordan vi håndterer risiko i leverandørkjeden ved å skrive til <a href="mailto:${CUSTOMER_SERVICE_EMAIL}">${CUSTOMER_SERVICE_EMAIL}</a>.</p>
<h2 id="reparasjon-og-gjenbruk">Reparasjon og gjenbruk</h2>
<p>Butikkene våre tar imot plagg til reparasjon, og vi fører reservedeler til egne produkter. Brukte barneklær i god stand kan leveres inn i butikk mot rabatt på neste kjøp – de blir solgt videre eller gitt til lokale lag og foreninger.</p>
<h2 id="transport">Transport og emballasje</h2>
<p>Varer til butikkene samles i faste ukentlige leveranser, og nettbestillinger sendes fra butikken nærmest deg når det er mulig. Vi bruker emballasje av resirkulert papp og plast, og ingen plastposer i butikkene uten at du ber om det.</p>`,
  },
  {
    slug: 'personvernerklaering',
    title: 'Personvernerklæring og informasjonskapsler',
    body: `<p>${COMPANY_NAME} er behandlingsansvarlig for personopplysningene vi behandler når du bruker nettbutikken, handler hos oss eller er medlem i kundeklubben. Her forklarer vi hva vi lagrer, hvorfor, og hvilke rettigheter du har.</p>
<h2 id="opplysninger">Hvilke opplysninger vi behandler</h2>
<ul><li><strong>Bestillinger:</strong> navn, adresse, e-post, telefon og hva du har kjøpt – for å levere varene og oppfylle bokføringsplikten (lagres i fem år).</li><li><strong>Konto og kundeklubb:</strong> navn, kontaktopplysninger, fødselsdato og valgene dine for nyhetsbrev og markedsføring – basert på medlemsavtalen. Du kan slette kontoen når du vil.</li><li><strong>Kundeservice:</strong> det du skriver til oss, så lenge saken pågår.</li><li><strong>Avstemninger:</strong> svarene dine, knyttet til kontoen din eller til nettleserøkten.</li></ul>
<p>Betalingen behandles av betalingsleverandøren. Vi ser aldri kortnummeret ditt.</p>
<h2 id="informasjonskapsler">Informasjonskapsler (cookies) og lokal lagring</h2>
<p>Vi bruker bare det som trengs for at nettbutikken skal virke. Vi bruker ingen informasjonskapsler for annonser eller sporing på tvers av nettsteder.</p>
<ul><li><strong>sid</strong> – øktkapsel som holder deg innlogget og beskytter skjemaer mot forfalskede forespørsler. Den er HttpOnly (kan ikke leses av skript) og slettes etter 30 dager uten bruk. Nødvendig.</li><li><strong>cookiesAccepted</strong> – husker at du har lest og godtatt denne informasjonen, i ett år. Nødvendig.</li></ul>
<p>I tillegg lagrer nettleseren din noe lokalt (localStorage og sessionStorage) på din egen maskin. Dette sendes ikke til oss før du legger inn en bestilling:</p>
<ul><li>Handlekurven: varelinjer, antall, sum, frakt, rabatt og aktiv kampanjekode (orders, count, total, shipping, discount, activePromocode, selectedShipping, cartErrors) og påbegynte betalinger (klarnaOrders, qliroOrders, orderInfo).</li><li>Opplysninger du har fylt ut i kassen (client), kjente adresser og postnummeret ditt (knownAddresses, postalCode) – så du slipper å skrive dem igjen.</li><li>Favorittene dine (favourites).</li><li>Om du er logget inn, og med hvilket kundenummer (user), så andre faner i samme nettleser logger inn og ut sammen med denne.</li><li>Sidene du har besøkt i denne fanen (breadcrumbs, i sessionStorage, slettes når fanen lukkes).</li></ul>
<p>Du kan slette alt dette når som helst ved å tømme informasjonskapsler og nettstedsdata i nettleseren.</p>
<h2 id="deling">Deling</h2>
<p>Vi deler opplysninger bare med dem som hjelper oss å levere: transportører, betalingsleverandører og vår IT-driftsleverandør, alle med databehandleravtale og innenfor EØS. Vi selger aldri opplysningene dine.</p>
<h2 id="rettigheter">Dine rettigheter</h2>
<p>Du har rett til innsyn, retting, sletting, begrensning og dataportabilitet, og du kan trekke tilbake samtykker når som helst. Skriv til <a href="mailto:${CUSTOMER_SERVICE_EMAIL}">${CUSTOMER_SERVICE_EMAIL}</a>, så svarer vi innen 30 dager. Du kan også klage til Datatilsynet.</p>`,
  },
];

export function staticPageRows() {
  return STATIC_PAGES.map((p) => ({ ...p, updatedAt: PAGES_REVISED_AT, publishedAt: PAGES_REVISED_AT }));
}

/** Inserts the pages that are missing (runs on every start; never overwrites an editor's change). */
export async function seedStaticPages(db: AnyPgDatabase): Promise<void> {
  await db
    .insert(staticPages)
    .values(staticPageRows().map((r) => ({ ...r, updatedAt: new Date(r.updatedAt), publishedAt: new Date(r.publishedAt) })))
    .onConflictDoNothing({ target: staticPages.slug });
}

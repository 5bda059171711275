/** What shop staff read from the workspace API (Norwegian bokmål); the front end shows `message` as it is. */
export const fulfilmentTexts = {
  unauthenticated: 'Du må logge inn som ansatt for å gjøre dette.',
  forbidden: 'Kontoen din har ikke tilgang til butikkarbeidsflaten.',
  otherShop: 'Du har ikke tilgang til denne butikken.',
  notFound: 'Fant ikke reservasjonen.',
  refundOnly: 'Bare kundeservice kan refundere.',
  keyReused: 'Denne handlingen er allerede registrert som en annen handling. Last inn på nytt.',
  notAllowed: (label: string) => `Handlingen passer ikke for en reservasjon med status «${label}». Last inn på nytt.`,
  notHomeDelivery: 'Bare hjemleveringer kan sendes.',
  notClickAndCollect: 'Bare klikk og hent-reservasjoner kan gjøres klare til henting.',
  pickupNotOver: 'Hentefristen er ikke ute ennå.',
  fraudPending: 'Betalingen er til kontroll hos Kustom (svindelsjekk). Varene kan ikke utleveres før den er godkjent.',
  fraudRejected: 'Kustom har avvist betalingen (svindelsjekk). Varene kan ikke utleveres, og reservasjonen blir kansellert.',
  trackingUrl: 'Sporingslenken må være en https-adresse (https://…).',
  lineUnknown: 'Varelinjen finnes ikke på denne reservasjonen.',
  tooMany: 'Antallet er større enn det som er igjen på varelinjen.',
  nothingHandedOver: 'Ingen varer er registrert som utlevert. Fjern varene eller merk reservasjonen som ikke hentet.',
  reasonRequired: 'Skriv en begrunnelse for refusjonen.',
  refundWhat: 'Velg varelinjer eller et beløp å refundere.',
  paidInShop: 'Reservasjonen ble betalt i butikken: refunder i kassen.',
  moneyByHandOnly: 'Bare kundeservice kan trekke, kansellere, frigi eller refundere en betaling for hånd.',
  operationReason: 'Skriv en begrunnelse for betalingsoperasjonen.',
  handOverFollowUp: 'En betalingsoperasjon på reservasjonen må følges opp av kundeservice (se «Må følges opp»). Varene kan ikke utleveres før den er avklart.',
  handOverInFlight: 'En betalingsoperasjon på reservasjonen er under behandling hos betalingsløsningen. Vent til den er bekreftet, og last inn på nytt.',
  handOverRefunded: 'Det er refundert penger på reservasjonen før utlevering. Varene kan ikke utleveres: kontakt kundeservice.',
  handOverDiscrepancy: 'Betalingen avviker fra betalingsløsningens oversikt. Varene kan ikke utleveres før kundeservice har sett på avviket.',
  handOverCancelled: 'Nettbetalingen for reservasjonen er kansellert, så varene er ikke betalt. De kan ikke utleveres: kontakt kundeservice.',
  handOverLate: 'Nettbetalingen kom etter at reservasjonen var betalt eller avsluttet, og blir betalt tilbake. Varene kan ikke utleveres før den er tilbakeført.',
  handOverMismatch: 'Nettbetalingen stemmer ikke med reservasjonen (beløp eller referanse). Varene kan ikke utleveres før kundeservice har sett på den.',
  handOverOnHold: 'Nettbetalingen er ikke avgjort hos betalingsløsningen ennå. Varene kan ikke utleveres før den er godkjent.',
  payInShopFirst: 'Reservasjonen er ikke betalt på nett. Ta betalt i kassen og registrer utleveringen med «Betalt i butikken».',
  paidOnline: 'Reservasjonen er betalt på nett. Registrer utleveringen med «Hentet».',
  capturedShort: (captured: string, owed: string) =>
    `Det er trukket ${captured} for hånd, mindre enn ${owed} for varene som utleveres. Kundeservice må trekke resten først, eller utlever bare det som er betalt.`,
  removeAfterCapture:
    'Betalingen er allerede trukket for hånd, så varelinjer kan ikke fjernes. Registrer det kunden får med seg som «Hentet»; kundeservice refunderer resten.',
  notRefundable: 'Det er ikke noe mer å refundere på denne reservasjonen.',
  /** The stale-screen 409: who changed it, when (Oslo time) and to which status. */
  stale: (who: string | null, time: string | null, label: string) =>
    time ? `Reservasjonen er endret av ${who ?? 'systemet'} kl. ${time} (${label}). Last inn på nytt.` : `Reservasjonen er endret (${label}). Last inn på nytt.`,
} as const;

const osloTime = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "14:03" in Norwegian time, whatever the server's zone (ICU may write 14.03 for nb: always a colon here). */
export function clockTime(at: Date): string {
  const parts = osloTime.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/** Every Norwegian text the payment API shows a shopper or a staff member (one place; routes and services import it). */
export const paymentTexts = {
  reservationNotFound: 'Fant ikke reservasjonen.',
  orderNotFound: 'Fant ikke betalingen.',
  alreadyPaid: 'Reservasjonen er allerede betalt.',
  /** The shopper came back after the hold ended: the goods went back on the shelf. */
  expired: 'Reservasjonen er utløpt, og varene er lagt tilbake på lager. Legg dem i handlekurven på nytt for å bestille.',
  /** The reservation changed after the checkout opened (at most 150 characters: Qliro shows it in its checkout). */
  changed: 'Bestillingen er endret etter at betalingen ble startet. Gå tilbake til kassen og prøv igjen.',
  /** A stale tab pays a checkout the shop has given up (another provider or tab took over). */
  replaced: 'Denne betalingen er erstattet av en nyere. Gå tilbake til kassen og fullfør der.',
  /** Another tab is starting a payment for the same reservation at this moment. */
  busy: 'Betalingen startes allerede i en annen fane. Prøv igjen om et øyeblikk.',
  /** The reservation has started more provider checkouts than it may (service.ts CHECKOUTS_PER_RESERVATION). */
  tooManyCheckouts: 'Det er startet for mange betalinger for denne reservasjonen. Kontakt kundeservice, så hjelper vi deg.',
  /** The provider refused what the shop sent (a validation or business rule). */
  providerRejected: 'Betalingstjenesten godtok ikke bestillingen. Kontakt kundeservice hvis det skjer igjen.',
  /** The shop's credentials were refused: nothing the shopper can fix. */
  providerAuth: 'Betaling er midlertidig utilgjengelig på grunn av en feil hos oss. Prøv igjen senere eller kontakt kundeservice.',
  providerDown: 'Betalingstjenesten svarer ikke akkurat nå. Prøv igjen om litt.',
  // ---- staff (provider operations)
  operationAmount: 'Beløpet må være større enn 0 og kan ikke overstige det som gjenstår.',
  operationLines: 'Varelinjene finnes ikke på reservasjonen, eller antallet er for høyt.',
  operationNotAllowed: 'Betalingen er ikke i en tilstand der dette er mulig.',
  operationKeyReused: 'Forespørselsnøkkelen er allerede brukt til en annen operasjon.',
  // ---- staff follow-up ("må følges opp"): an operation the shop could not settle with the provider
  followUpAfterRefusedCapture:
    'Trekket for utleverte varer ble ikke bekreftet av betalingsleverandøren, så resten av reservasjonen er ikke frigitt. Sjekk ordren hos leverandøren og trekk eller frigi manuelt.',
  followUpContradiction: (found: string) => `Leverandørens ordre stemmer ikke med det butikken har registrert (${found}). Sjekk ordren hos leverandøren før noe sendes på nytt.`,
  followUpGaveUp: (error: string) => `Betalingsleverandøren har ikke svart på 48 timer. Siste feil: ${error}`,
  fraudRejectedAfterHandOver: 'Kustom avviste betalingen i svindelkontrollen etter at varene var utlevert. Kontakt Kustom om betalingen.',
  followUpStillPending: 'Betalingsleverandøren har behandlet operasjonen i over 48 timer uten resultat. Sjekk ordren hos leverandøren.',
} as const;

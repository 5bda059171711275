/**
 * The Norwegian texts editors and admins read in the content API's answers (one module: the editor UI shows them as
 * they are). Shopper-facing texts stay in @shop/contracts/texts.
 */
export const EDITOR_TEXTS = {
  unauthenticated: 'Du må logge inn som redaktør for å gjøre dette.',
  forbidden: 'Kontoen din har ikke tilgang til redaksjonen.',
  adminOnly: 'Bare administratorer kan gjøre dette.',
} as const;

export const EDITOR_ERRORS = {
  slugTaken: 'Adressen (slug) er allerede i bruk av et annet innlegg.',
  slugReserved: 'Denne adressen (slug) er reservert.',
  emptyTitle: 'Tittelen kan ikke være tom.',
  emptyBody: 'Teksten kan ikke være tom etter rensing av HTML.',
  unknownArticle: 'Ukjent produkt',
  unknownCategory: 'Ukjent kategori',
  badImage: 'Bildet må være en https-adresse eller en adresse på nettstedet.',
  noCorrectOrTooFewOptions: 'Hvert spørsmål trenger minst to svaralternativer.',
  questionsLocked: 'Spørsmålene kan ikke endres etter at noen har svart.',
  postNotFound: 'Fant ikke innlegget.',
  pollNotFound: 'Fant ikke avstemningen.',
  layoutNotFound: 'Fant ikke forsideoppsettet.',
  pageNotFound: 'Fant ikke siden.',
  revisionNotFound: 'Fant ikke denne versjonen i historikken.',
  versionRequired: 'Lagringen mangler versjonen du tok utgangspunkt i (If-Match). Last inn på nytt og prøv igjen.',
  badVersion: 'Versjonen (If-Match) må være et heltall, for eksempel "3".',
  scheduleInPast: 'Tidspunktet for publisering må være fram i tid.',
  scheduleNeedsTime: 'Velg når innholdet skal publiseres.',
  untilBeforeFrom: 'Sluttidspunktet må være etter starttidspunktet.',
  untilOnlyLayouts: 'Bare forsideoppsett kan ha et sluttidspunkt.',
  categoryNotFound: 'Fant ikke kategorien.',
  categoryMoveToSelf: 'Innleggene må flyttes til en annen kategori enn den som slettes.',
  categorySlugTaken: 'Adressen (slug) er allerede i bruk av en annen kategori.',
  categoryMoveNeeded: 'Kategorien har innlegg: velg en kategori å flytte dem til.',
  linkOutside: (href: string) => `Lenken «${href}» går ikke til en side i nettbutikken: velg en side fra listen`,
  linkMissing: (href: string) => `Lenken «${href}» går til en side som ikke finnes`,
  pendingSlug: 'Adressen til et publisert innlegg kan ikke endres i et utkast: lagre og publiser for å endre den.',
  noPendingChanges: 'Det er ingen upubliserte endringer å forkaste.',
} as const;

export const STAFF_TEXTS = {
  notFound: 'Fant ikke ansattkontoen.',
  notSelf: 'Du kan ikke endre rollen til eller deaktivere din egen konto.',
  inviteInvalid: 'Invitasjonen er ugyldig, brukt eller utløpt. Be en administrator om en ny.',
  badEmail: 'Skriv en gyldig e-postadresse.',
  shortPassword: (min: number) => `Passordet må ha minst ${min} tegn.`,
  noOpenInvite: 'Kontoen har ingen åpen invitasjon å trekke tilbake.',
} as const;

/** The piece of content in a sentence's subject position ("Innlegget er endret av …"). */
export const CONTENT_NOUNS = {
  'blog-post': 'Innlegget',
  poll: 'Avstemningen',
  'home-layout': 'Forsideoppsettet',
  page: 'Siden',
} as const;

/** The invitation e-mail to a new staff member (the link sets the password). */
export function staffInviteEmail(roleName: string, link: string) {
  return {
    subject: 'Invitasjon til Stauts redaksjon',
    body: `Hei!\n\nDu er invitert som ${roleName} hos Staut. Åpne lenken under for å velge passord:\n${link}\n\nLenken gjelder i 7 dager og kan brukes én gang.\n\nHilsen Staut`,
  };
}

export const ROLE_NAMES: Record<string, string> = {
  staff: 'redaktør',
  admin: 'administrator',
  shop: 'butikkansatt',
  'customer-service': 'kundeservice',
};

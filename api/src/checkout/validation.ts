/** Field checks of a reservation payload (pure; the database checks — postcode, shop — live in reservation.ts). */
import { formatMoney } from '@shop/contracts/format';
import { emailError, isValidPhone } from '@shop/contracts/validation';

export interface FieldError {
  field: string;
  message: string;
}

export const reservationTexts = {
  invalid: 'Bestillingen har feil i ett eller flere felt.',
  name: 'Navn må ha en verdi',
  email: 'Ugyldig e-postadresse',
  phone: 'Ugyldig telefonnummer: åtte siffer som starter med 4 eller 9',
  postalCode: 'Ukjent postnummer',
  address: 'Adresse må fylles ut ved hjemlevering',
  city: 'Poststed må fylles ut ved hjemlevering',
  shop: 'Velg en butikk for Klikk & Hent',
  shipping: 'Ukjent fraktmetode',
  deliveryMismatch: 'Leveringsmåten passer ikke med valgt fraktmetode',
  empty: 'Handlekurven er tom',
  cartErrors: 'Noen varer kan ikke bestilles',
  unknownArticle: 'Varen finnes ikke',
  notPurchasable: 'Varen kan ikke kjøpes på nett',
  onlyCC: 'Varen kan bare hentes i butikk (Klikk & Hent)',
  limit: (n: number) => `Du kan kjøpe høyst ${n} stk. av denne varen`,
  soldOut: 'Varen er dessverre utsolgt',
  soldOutInShop: 'Varen er ikke på lager i valgt butikk',
  /** More than the best stocked shop holds (the cart's first-shop rule, SPEC §4): how many there are. */
  stockShort: (n: number) => `Det er bare ${n} stk. på lager av denne varen`,
  stockShortInShop: (n: number) => `Butikken har bare ${n} stk. av denne varen`,
  /** The campaign price the shopper was shown has ended (or is not this article's): what the line costs now. */
  campaignOver: (price: number) => `Kampanjeprisen gjelder ikke lenger. Prisen er nå ${formatMoney(price)}.`,
  tooManyOpen: 'Du har for mange åpne reservasjoner. Fullfør eller vent på dem før du reserverer mer.',
  /** More units of one variant than one shopper may hold in reservations not yet paid (checkout/caps.ts). */
  tooManyUnits: (cap: number, held: number) =>
    held > 0
      ? `Du har allerede ${held} stk. av denne varen i reservasjoner som ikke er betalt, og kan holde av høyst ${cap} stk. Betal dem eller vent til de utløper.`
      : `Du kan holde av høyst ${cap} stk. av denne varen før du har betalt.`,
  // ---- "Betal ved henting i butikken" (POST /reservations/{id}/pay-in-shop, checkout/payInShop.ts)
  /** Paying in the shop is for click-and-collect: a parcel is paid online before it is sent. */
  payInShopHomeDelivery: 'Betaling i butikken gjelder bare Klikk & Hent. En hjemlevering betales på nett.',
  /** Staff have dealt with it already (laid out, handed over …): nothing for the shopper to choose any more. */
  payInShopClosed: 'Reservasjonen er allerede behandlet av butikken, og betalingsmåten kan ikke endres.',
  /** Cancelled by the shop (not a hold that ended: that is the payment texts' `expired`). */
  payInShopCancelled: 'Reservasjonen er kansellert. Legg varene i handlekurven på nytt for å bestille.',
  /** The reservation moved to another session (a login) again and again while this was decided: very unlikely. */
  payInShopBusy: 'Reservasjonen ble endret akkurat nå. Prøv igjen.',
  /** One shopper holds this many reservations to be paid in the shop already (checkout/caps.ts holdPayInShopCap). */
  tooManyPayInShop: (cap: number) =>
    `Du har allerede ${cap === 1 ? 'én reservasjon' : `${cap} reservasjoner`} som skal betales i butikken. Hent og betal ${cap === 1 ? 'den' : 'dem'} først, eller betal denne på nett.`,
} as const;

/** Pragmatic e-mail check: one @, something before, a dotted domain, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export interface ContactFields {
  CustomerName: string;
  Email: string;
  Phone: string;
  Delivery: 0 | 1;
  Address: string;
  City: string;
  PostalCode: string;
}

export function contactErrors(p: ContactFields): FieldError[] {
  const errors: FieldError[] = [];
  if (!p.CustomerName.trim()) errors.push({ field: 'CustomerName', message: reservationTexts.name });
  // The shared rule (not deliverable: æøå), plus a top-level domain of two letters or more.
  const emailMessage = emailError(p.Email, reservationTexts.email) ?? (EMAIL_PATTERN.test(p.Email.trim()) ? null : reservationTexts.email);
  if (emailMessage) errors.push({ field: 'Email', message: emailMessage });
  if (!isValidPhone(p.Phone)) errors.push({ field: 'Phone', message: reservationTexts.phone });
  if (p.Delivery === 1) {
    if (!p.Address.trim()) errors.push({ field: 'Address', message: reservationTexts.address });
    if (!p.City.trim()) errors.push({ field: 'City', message: reservationTexts.city });
    if (!/^\d{4}$/.test(p.PostalCode.trim())) errors.push({ field: 'PostalCode', message: reservationTexts.postalCode });
  } else if (p.PostalCode.trim() && !/^\d{4}$/.test(p.PostalCode.trim())) {
    errors.push({ field: 'PostalCode', message: reservationTexts.postalCode });
  }
  return errors;
}

import { chromeTexts } from '@shop/contracts/texts';

/** Shopper-facing texts of mf-cart-checkout. */
export const texts = {
  empty: 'Handlekurven din er tom.',
  continueShopping: 'Fortsett å handle',
  size: 'Størrelse',
  color: 'Farge',
  quantity: 'Antall',
  decrease: (name: string) => `Ta bort én ${name}`,
  increase: (name: string) => `Legg til én ${name}`,
  remove: 'Fjern',
  removeLine: (name: string) => `Fjern ${name} fra handlekurven`,
  atLimit: 'Du har nådd maks antall for denne varen.',
  total: 'Totalt',
  deposit: (amount: string) => `Herav pant ${amount}`,
  toCheckout: chromeTexts.goToCheckout,
  checkoutTitle: 'Kassen',
  checkoutSummary: 'Dette er i handlekurven din',
  checkoutNextStep:
    'Levering, klikk og hent i butikk og betaling fylles ut i neste steg. Handlekurven blir lagret, også om du lukker siden.',
} as const;

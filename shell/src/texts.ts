import { chromeTexts } from '@shop/contracts/texts';

/**
 * Shopper-facing texts of the shell. Texts other packages also show (skip link, cart title, fallback, retry …)
 * come from @shop/contracts/texts; only the shell's own wording is written here.
 */
export const texts = {
  skipLink: chromeTexts.skipToContent,
  cartLinkTitle: chromeTexts.goToCheckout,
  cartModalTitle: chromeTexts.cartTitle,
  questions: chromeTexts.questions,
  remoteFailed: chromeTexts.remoteFallback,
  retry: chromeTexts.retry,
  homeLink: 'Til forsiden',
  cartCountLabel: (count: number) => (count === 1 ? '1 vare i handlekurven' : `${count} varer i handlekurven`),
  cartEmptyLabel: 'Handlekurven er tom',
  close: 'Lukk',
  mainMenu: 'Hovedmeny',
  copyright: (year: number, company: string) => `© ${year} ${company}`,
  loading: 'Laster …',
  dismissAlert: 'Fjern melding',
  moreAlerts: (count: number) => (count === 1 ? '1 melding til' : `${count} meldinger til`),
} as const;

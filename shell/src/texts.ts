import { chromeTexts, cookieNoticeTexts, menuTexts, pageTitleTexts } from '@shop/contracts/texts';

/**
 * Shopper-facing texts of the shell. Texts other packages also show (skip link, cart title, fallback, retry, menu
 * labels, static page titles …) come from @shop/contracts/texts; only the shell's own wording is written here.
 */
export const texts = {
  skipLink: chromeTexts.skipToContent,
  cartLinkTitle: chromeTexts.goToCheckout,
  cartModalTitle: chromeTexts.cartTitle,
  privacyModalTitle: chromeTexts.privacyTitle,
  promoModalTitle: 'Rabattkode',
  questions: chromeTexts.questions,
  remoteFailed: chromeTexts.remoteFallback,
  retry: chromeTexts.retry,
  menu: menuTexts,
  homeLink: 'Til forsiden',
  cartCountLabel: (count: number) => (count === 1 ? '1 vare i handlekurven' : `${count} varer i handlekurven`),
  cartEmptyLabel: 'Handlekurven er tom',
  close: 'Lukk',
  mainMenu: 'Hovedmeny',
  infoMenu: 'Informasjon og kundeservice',
  infoGroup: 'Hjelp og info',
  openMenu: 'Meny',
  closeMenu: 'Lukk meny',
  showSubcategories: (category: string) => `Vis underkategorier for ${category}`,
  allInCategory: (category: string) => `Alt i ${category}`,
  about: (brand: string) => `Om ${brand}`,
  copyright: (year: number, company: string) => `© ${year} ${company}`,
  privacyLink: 'Personvern',
  footerNav: 'Mer fra oss',
  footerLinks: { shops: 'Butikker', blog: 'Inspirasjon', poll: 'Avstemning', favourites: 'Favoritter', account: 'Min side' },
  loading: 'Laster …',
  dismissAlert: 'Fjern melding',
  moreAlerts: (count: number) => (count === 1 ? '1 melding til' : `${count} meldinger til`),
  cookies: cookieNoticeTexts,
  privacyFullPage: 'Les hele personvernerklæringen',
  notFound: {
    title: 'Fant ikke siden',
    text: 'Siden du lette etter finnes ikke, eller den har flyttet.',
  },
  titles: pageTitleTexts,
  accountLink: 'Min side',
  loginLink: 'Logg inn',
  favouritesLink: (count: number) => (count === 0 ? 'Favoritter' : `Favoritter (${count})`),
} as const;

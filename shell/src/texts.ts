import { chromeTexts, menuTexts, staticPageTitles } from '@shop/contracts/texts';

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
  loading: 'Laster …',
  dismissAlert: 'Fjern melding',
  moreAlerts: (count: number) => (count === 1 ? '1 melding til' : `${count} meldinger til`),
  cookies: {
    title: 'Informasjonskapsler',
    text:
      'Vi bruker informasjonskapsler (cookies) for at handlekurven, innloggingen og nettbutikken skal fungere. ' +
      'Les mer om hva vi lagrer i personvernerklæringen.',
    accept: 'Godta',
    readMore: 'Les mer',
  },
  privacyFullPage: 'Les hele personvernerklæringen',
  notFound: {
    title: 'Fant ikke siden',
    text: 'Siden du lette etter finnes ikke, eller den har flyttet.',
  },
  titles: {
    home: 'Forside',
    homeTagline: 'sport, friluft og barneklær',
    preview: (name: string) => `Forhåndsvisning: ${name}`,
    staticPages: staticPageTitles,
    checkout: 'Kassen',
    product: 'Produkt',
    search: (query: string) => `Søk: ${query}`,
    selection: 'Utvalg',
    genders: {
      herre: 'Herre',
      dame: 'Dame',
      junior: 'Junior',
      barn: 'Barn',
      uni: 'Unisex',
      voksen: 'Voksen',
      'barn-junior': 'Barn og junior',
    } as Readonly<Record<string, string>>,
    category: 'Kategori',
  },
} as const;

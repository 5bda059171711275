/** Shopper-facing texts of mf-account. Shared catalogue texts (error messages) live in @shop/contracts/texts. */
export const texts = {
  loginTitle: 'Logg inn',
  loginPlaceholder:
    'Innlogging for kundeklubben åpner snart her. Du kan fortsatt handle som gjest — handlekurven din blir tatt vare på.',
  accountTitle: 'Min side',
  accountPlaceholder: 'Her kommer snart ordrehistorikk, reservasjoner, favoritter og medlemskortet ditt.',
  loading: 'Laster …',
  loggedInAs: (name: string) => `Du er logget inn som ${name}.`,
  notLoggedIn: 'Du er ikke logget inn.',
} as const;

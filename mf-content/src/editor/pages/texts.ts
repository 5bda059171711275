/** The copy page editor's words. */
export const pageTexts = {
  title: 'Tittel',
  body: 'Tekst',
  address: (url: string) => `Siden har adressen ${url}`,
  save: 'Lagre endringer',
  saving: 'Lagrer …',
  invalid: 'Rett opp feltene som er merket, og lagre igjen.',
  failed: 'Siden kunne ikke lagres. Prøv igjen.',
  newPage: 'Nye sider lages av utviklerne; her endrer du teksten på sidene som finnes.',
  errors: {
    titleMissing: 'Skriv en tittel.',
    titleTooLong: 'Tittelen kan være høyst 200 tegn.',
    bodyMissing: 'Skriv teksten på siden.',
  },
} as const;

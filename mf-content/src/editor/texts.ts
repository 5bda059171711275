import { texts as common } from '../texts.js';

/** Shopper-facing texts of the editor page, with the shared ones (src/texts.ts). */
export const texts = {
  ...common,
  editorTitle: 'Redaksjon',
  editorLogin: 'Du må være logget inn med en redaktørkonto for å bruke redaksjonen.',
  editorLoginLink: 'Logg inn',
  editorForbidden: 'Kontoen din har ikke tilgang til redaksjonen.',
  editorNewPost: 'Skriv innlegg',
  editorNewPoll: 'Lag avstemning',
  editorTitleLabel: 'Tittel',
  editorBodyLabel: 'Tekst (HTML: p, h2, h3, ul, ol, li, strong, em, a, img, blockquote, br)',
  editorImageLabel: 'Bilde (adresse)',
  editorArticlesLabel: 'Produkt-id-er (kommaseparert; det første er utvalgt produkt)',
  editorCategoriesLabel: 'Kategorier',
  editorPublish: 'Publiser nå',
  editorSave: 'Lagre',
  editorSaved: (url: string) => `Lagret. Se innlegget på ${url}`,
  editorPollName: 'Navn',
  editorPollDescription: 'Beskrivelse',
  editorQuestion: (n: number) => `Spørsmål ${n}`,
  editorOption: (n: number) => `Svar ${n}`,
  editorCorrect: 'Riktig svar',
  editorAddQuestion: 'Legg til spørsmål',
  editorActive: 'Åpen for svar',
  editorPollSaved: (url: string) => `Avstemningen er lagret: ${url}`,
  editorFailed: 'Lagringen feilet',
} as const;

/** The upload field's own words (the refusals are the API's: imageUploadTexts in @shop/contracts/texts). */
export const uploadTexts = {
  heading: 'Last opp bilde',
  dropHint: 'Dra et bilde hit, eller',
  choose: 'Velg bilde',
  chooseAnother: 'Velg et annet bilde',
  accepted: 'JPEG, PNG eller WebP, høyst 10 MB.',
  altLabel: 'Alternativ tekst',
  altHint: 'Beskriv hva bildet viser, for dem som ikke ser det. Påkrevd.',
  upload: 'Last opp',
  cancel: 'Avbryt',
  uploading: (percent: number) => `Laster opp … ${percent} %`,
  processing: 'Lager bildestørrelser …',
  uploaded: 'Bildet er lastet opp.',
  cancelled: 'Opplastingen ble avbrutt.',
  failed: 'Opplastingen feilet. Prøv igjen.',
  selected: (name: string, size: string) => `Valgt: ${name} (${size})`,
  preview: 'Forhåndsvisning',
} as const;

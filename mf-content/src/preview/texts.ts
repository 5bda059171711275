/** Texts of the preview banner editors see on a draft at its real address (shown to staff only). */
export const texts = {
  /** Content shoppers cannot see yet (draft, scheduled, taken off). */
  notPublished: 'Forhåndsvisning – ikke publisert',
  /** Content that is live: the preview is what shoppers see. */
  published: 'Forhåndsvisning – publisert',
  /** Live content shown with saved changes shoppers do not see yet. */
  pendingChanges: 'Forhåndsvisning – endringer som ikke er publisert',
  label: 'Forhåndsvisning',
  status: 'Status',
  scheduledFor: (when: string) => `publiseres ${when}`,
  edit: 'Rediger i Redaksjonen',
  pollNoAnswers: 'Avstemningen tar ikke imot svar i forhåndsvisningen.',
} as const;

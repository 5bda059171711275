import { texts as common } from '../texts.js';

/** Shopper-facing texts of the poll page, with the shared ones (src/texts.ts). */
export const texts = {
  ...common,
  noActivePoll: 'Det er ingen aktive avstemninger akkurat nå.',
  submitAnswers: 'Send svar',
  pollClosed: 'Denne avstemningen er avsluttet. Her ser du hvordan det ble stemt.',
  sending: 'Sender …',
  chooseAnswer: 'Velg et svar på minst ett spørsmål.',
  correct: 'Riktig!',
  wrong: 'Feil svar',
  yourScore: (score: number, total: number) => `Du har ${score} av ${total} riktige.`,
  thanksForAnswering: 'Takk for svaret! Her ser du hvordan alle har stemt.',
  votes: (n: number) => (n === 1 ? '1 stemme' : `${n} stemmer`),
  answerFailed: 'Vi fikk ikke lagret svaret ditt.',
} as const;

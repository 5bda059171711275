import { texts as common } from '../texts.js';

/** Shopper-facing texts of the social feed (on the home page), with the shared ones (src/texts.ts). */
export const texts = {
  ...common,
  socialTitle: 'Følg oss',
  socialError: 'Error: Something went wrong',
} as const;

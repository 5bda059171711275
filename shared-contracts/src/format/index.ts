export * from './money.js';
export * from './dates.js';
export * from './text.js';
export * from './productCards.js';

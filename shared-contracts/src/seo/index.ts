export * from './text.js';
export * from './jsonLd.js';
export * from './head.js';

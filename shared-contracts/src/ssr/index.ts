export * from './head.js';
export * from './pageData.js';

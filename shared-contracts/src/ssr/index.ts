export * from './head.js';

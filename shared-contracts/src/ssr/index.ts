export * from './head.js';
export * from './pageData.js';
export * from '../seo/index.js';

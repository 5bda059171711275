export * from './head.js';
export * from './pageData.js';
export * from './loader.js';
export * from './state.js';
export * from '../seo/index.js';
export * from './hydration.js';
export * from './pageImage.js';
export type { RenderRequest } from './render.js';
export * from './elementIds.js';

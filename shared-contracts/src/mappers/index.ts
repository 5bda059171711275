export * from './catalog.js';
export * from './shop.js';
export * from './geo.js';
export * from './customer.js';
export * from './order.js';
export * from './content.js';
export * from './search.js';
export * from './payment.js';

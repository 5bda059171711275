export * from './phone.js';
export * from './address.js';
export * from './filters.js';
export * from './account.js';
export * from './password.js';
export * from './email.js';

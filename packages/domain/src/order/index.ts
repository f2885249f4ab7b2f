export * from './status.js';
export * from './lots.js';
export * from './amounts.js';
export * from './views.js';
export * from './schemas.js';
export * from './admin-schemas.js';
export * from './views-more.js';

// Every table, for Drizzle's relational queries and for drizzle-kit. Modules own their tables.
export * from '../modules/account/schema.js';
export * from '../modules/content/schema.js';
export * from '../modules/catalog/schema.js';
export * from '../modules/engagement/schema.js';
export * from '../modules/promotion/schema.js';
export * from '../modules/activity/schema.js';
export * from '../modules/cart/schema.js';
export * from '../modules/order/schema.js';
export * from '../modules/payment/schema.js';
export * from '../modules/wallet/schema.js';
export * from '../modules/invoice/schema.js';
export * from '../platform/limits-schema.js';

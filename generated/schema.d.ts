// Generated from openapi.yaml by `npm run gen`. Do not edit by hand.
export * from './client/schema.js';

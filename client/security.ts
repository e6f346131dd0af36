// See schema.ts: the operation-security table `npm run gen` derives from openapi.yaml.
export { operationSecurity, type KeyKind } from '../generated/client/security.js';

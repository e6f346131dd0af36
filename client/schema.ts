// In this repository the package's generated parts live under generated/; `npm run gen` puts copies beside the
// compiled client in generated/client/.
export type { components, operations, paths } from '../generated/schema.js';

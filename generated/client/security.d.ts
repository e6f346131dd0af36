// Generated from openapi.yaml by `npm run gen`. Do not edit by hand.
export type KeyKind = 'tools' | 'developer' | 'metrics';
export declare const operationSecurity: Readonly<Record<string, KeyKind | undefined>>;

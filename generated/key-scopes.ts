// Generated from openapi.yaml by `npm run gen`. Do not edit by hand.
/** Every scope a Developer key can hold, in the spec's order (its KeyScope enum): data for the server and the dashboard. */
export const KEY_SCOPES = ["addresses:read","addresses:write","messages:read","messages:write","domains:read","domains:write","webhooks:read","webhooks:write","sandboxes:read","sandboxes:write","faults:write","keys:write"] as const;

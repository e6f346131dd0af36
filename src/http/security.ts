import type { FastifyRequest } from 'fastify';
import { DomainError } from '../services/errors.js';
import type { AuthenticatedKey, KeyAuthenticator } from '../services/keys.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the security hook on keyed routes. */
    auth?: AuthenticatedKey;
  }
  interface FastifyContextConfig {
    /** The operation's `security` from openapi.yaml. */
    security?: Array<Record<string, string[]>>;
    operationId?: string;
  }
}

export type KeyRequirement = 'tools' | 'developer' | 'none';

const TOOLS_SCHEMES = new Set(['ToolsKeyHeader', 'ToolsKeyQuery']);

/** Reads which key an operation needs from its security requirements in the spec. */
export function keyRequirement(security: Array<Record<string, string[]>> | undefined): KeyRequirement {
  const schemes = (security ?? []).flatMap((req) => Object.keys(req));
  if (schemes.some((s) => TOOLS_SCHEMES.has(s))) return 'tools';
  if (schemes.includes('DeveloperKey')) return 'developer';
  return 'none';
}

/**
 * Tools keys may come in the x-api-key header, the apikey query parameter or the apikey field of a JSON body.
 * Identical copies are fine; different keys in different places are refused (400 ambiguous_api_key) rather than
 * guessing which one the caller meant to be charged to.
 */
function toolsKeyFrom(request: FastifyRequest): string | undefined {
  const found: string[] = [];
  const header = request.headers['x-api-key'];
  for (const h of Array.isArray(header) ? header : header !== undefined ? [header] : []) found.push(h.trim());
  const query = (request.query as Record<string, unknown> | undefined)?.apikey;
  for (const q of Array.isArray(query) ? query : query !== undefined ? [query] : []) found.push(String(q).trim());
  const body = request.body;
  if (request.method === 'POST' && body && typeof body === 'object' && !Array.isArray(body)) {
    const b = (body as Record<string, unknown>).apikey;
    if (b !== undefined) found.push(String(b).trim());
  }
  const distinct = [...new Set(found)];
  if (distinct.length > 1) {
    throw new DomainError(
      'ambiguous_api_key',
      'Different API keys were sent in the x-api-key header, the apikey query parameter and/or the apikey body field; send one key.',
    );
  }
  return distinct[0] || undefined;
}

function bearerFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) {
    throw new DomainError('missing_api_key', 'The Authorization header must be "Bearer <developer key>".');
  }
  return m[1];
}

export async function authenticate(request: FastifyRequest, need: KeyRequirement, keys: KeyAuthenticator): Promise<void> {
  if (need === 'none') return;
  const presented = need === 'tools' ? toolsKeyFrom(request) : bearerFrom(request);
  if (!presented) {
    throw new DomainError(
      'missing_api_key',
      need === 'tools'
        ? 'This endpoint needs a Tools API key: send it in the x-api-key header (or the apikey query parameter / body field).'
        : 'This endpoint needs a Developer API key: send "Authorization: Bearer <key>".',
    );
  }
  const auth = await keys.authenticate(presented);
  if (!auth) throw new DomainError('invalid_api_key', 'The API key is not valid: it is unknown, malformed or revoked.');
  if (auth.key.kind !== need) {
    throw new DomainError(
      'wrong_key_kind',
      need === 'tools'
        ? 'This endpoint needs a Tools API key (eph_tools_…); a Developer key was sent. Create a Tools key in the dashboard or with the admin CLI.'
        : 'This endpoint needs a Developer API key (eph_dev_…) as a Bearer token; a Tools key was sent.',
    );
  }
  if (need === 'developer' && auth.account.plan !== 'developer') {
    throw new DomainError('plan_required', `The Developer API needs the developer plan; ${auth.account.email} is on the ${auth.account.plan} plan.`);
  }
  request.auth = auth;
}

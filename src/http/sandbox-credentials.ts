import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { sandboxForApiKey, sandboxForSigning, type SandboxWithMailbox } from '../mail/sandboxes.js';
import { ProviderError, type Provider } from '../mail/providers/errors.js';

/**
 * The provider APIs' credentials: a sandbox's API key, sent the way each provider's SDK sends it — which the spec's
 * security scheme of the operation says (`x-sandbox-credential: api-key` on an http bearer, http basic or apiKey
 * header scheme; `sigv4` for Amazon SES). Failures are ProviderErrors, which the error handler answers in the
 * operation's provider's shape.
 */
export interface SandboxScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
  'x-sandbox-credential'?: 'api-key' | 'sigv4';
}

/** What each provider says when credentials are missing or wrong (their own wording, so logs read as usual). */
const WORDING: Record<Provider, { missing: string; wrong: string }> = {
  sendgrid: { missing: 'Permission denied, wrong credentials', wrong: 'The provided authorization grant is invalid, expired, or revoked' },
  postmark: {
    missing: 'No Account or Server API tokens were supplied in the HTTP headers. Please add a header for either X-Postmark-Server-Token or X-Postmark-Account-Token.',
    wrong: 'The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token.',
  },
  resend: { missing: 'Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY', wrong: 'API key is invalid' },
  mailgun: { missing: 'Forbidden', wrong: 'Forbidden' },
  ses: { missing: 'Missing Authentication Token', wrong: 'The security token included in the request is invalid.' },
};

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The API key as the scheme carries it, or undefined when none was sent. */
function presentedKey(request: FastifyRequest, scheme: SandboxScheme): string | undefined {
  if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name) return single(request.headers[scheme.name.toLowerCase()])?.trim() || undefined;
  const authorization = single(request.headers.authorization);
  if (!authorization) return undefined;
  if (scheme.type === 'http' && scheme.scheme === 'bearer') return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
  if (scheme.type === 'http' && scheme.scheme === 'basic') {
    const encoded = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization)?.[1];
    if (!encoded) return undefined;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    // Mailgun's user name is always `api`; the password is the key.
    return colon >= 0 && decoded.slice(0, colon) === 'api' ? decoded.slice(colon + 1) || undefined : undefined;
  }
  return undefined;
}

export async function authenticateSandbox(request: FastifyRequest, provider: Provider, scheme: SandboxScheme, db: Db): Promise<SandboxWithMailbox> {
  if (scheme['x-sandbox-credential'] === 'sigv4') return verifySigV4(request, db);
  const key = presentedKey(request, scheme);
  if (!key) throw new ProviderError('unauthenticated', WORDING[provider].missing);
  const sandbox = await sandboxForApiKey(db, key);
  if (!sandbox) throw new ProviderError('forbidden', WORDING[provider].wrong);
  return sandbox;
}

const AUTHORIZATION = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+)\s*,\s*SignedHeaders=([a-z0-9;_.-]+)\s*,\s*Signature=([0-9a-f]{64})\s*$/;
/** How far a signature's time may be from the server's clock, as AWS allows. */
const MAX_SKEW_MS = 15 * 60 * 1000;
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const sesError = (code: string, message: string, kind: 'forbidden' | 'unauthenticated' = 'forbidden') => new ProviderError(kind, message, { code });

/** The AWS SDK's signer, loaded with the first SES request (most servers never see one). */
let signer: Promise<[typeof import('@smithy/signature-v4'), typeof import('@smithy/hash-node')]> | undefined;
const loadSigner = () => (signer ??= Promise.all([import('@smithy/signature-v4'), import('@smithy/hash-node')]));

/**
 * Amazon SES: AWS Signature Version 4. The access key id is the sandbox id; the signature is recomputed for the
 * request as received — method, path, query, the headers it says it signed, the body — with the AWS SDK's own signer
 * and the sandbox's secret, and compared in constant time. A request whose x-amz-content-sha256 does not match its
 * body, or that was signed more than 15 minutes from now, is refused as AWS refuses it.
 */
async function verifySigV4(request: FastifyRequest, db: Db): Promise<SandboxWithMailbox> {
  const authorization = single(request.headers.authorization);
  if (!authorization) throw sesError('MissingAuthenticationTokenException', WORDING.ses.missing, 'unauthenticated');
  const match = AUTHORIZATION.exec(authorization.trim());
  if (!match) {
    throw sesError('IncompleteSignatureException', "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters of AWS4-HMAC-SHA256.");
  }
  const [, credential, signedList, signature] = match;
  const [accessKeyId, shortDate, region, service, terminator, ...rest] = credential.split('/');
  if (!accessKeyId || !/^\d{8}$/.test(shortDate ?? '') || !region || !service || terminator !== 'aws4_request' || rest.length > 0) {
    throw sesError('IncompleteSignatureException', 'The Credential of the Authorization header is not <access key id>/<yyyymmdd>/<region>/<service>/aws4_request.');
  }
  const amzDate = single(request.headers['x-amz-date']) ?? '';
  const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!when || amzDate.slice(0, 8) !== shortDate) throw sesError('IncompleteSignatureException', 'The request needs an X-Amz-Date header (yyyymmddThhmmssZ) of the Credential\'s date.');
  const signingDate = new Date(Date.UTC(+when[1], +when[2] - 1, +when[3], +when[4], +when[5], +when[6]));
  if (Number.isNaN(signingDate.getTime()) || Math.abs(Date.now() - signingDate.getTime()) > MAX_SKEW_MS) {
    throw sesError('InvalidSignatureException', `Signature expired: ${amzDate} is more than 15 minutes away from the server's time.`);
  }
  const found = await sandboxForSigning(db, accessKeyId);
  if (!found) throw sesError('UnrecognizedClientException', WORDING.ses.wrong);
  if (found.secret === undefined) {
    throw sesError('UnrecognizedClientException', 'This sandbox was made before SES support: rotate it once to use its key with SES.');
  }

  const body = request.rawBody ?? '';
  const signed = signedList.split(';');
  const headers: Record<string, string> = {};
  for (const name of signed) {
    const value = request.headers[name];
    if (value === undefined) throw sesError('SignatureDoesNotMatch', `The request signature we calculated does not match the signature you provided: the signed header ${name} is missing.`);
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const declaredHash = headers['x-amz-content-sha256'];
  if (declaredHash !== undefined && declaredHash !== sha256Hex(body)) {
    throw new ProviderError('invalid', 'The provided x-amz-content-sha256 header does not match what was computed.', { code: 'XAmzContentSHA256Mismatch' });
  }
  const [rawPath, rawQuery = ''] = request.url.split('?', 2);
  const query: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(rawQuery)) query[k] = k in query ? [...([] as string[]).concat(query[k]), v] : v;
  let path: string;
  try {
    path = rawPath.split('/').map((segment) => decodeURIComponent(segment)).join('/');
  } catch {
    throw sesError('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided (the path is not valid percent-encoding).');
  }
  const [{ SignatureV4 }, { Hash }] = await loadSigner();
  const signer = new SignatureV4({
    credentials: { accessKeyId, secretAccessKey: found.secret },
    region,
    service,
    sha256: Hash.bind(null, 'sha256'),
    uriEscapePath: true,
    applyChecksum: false,
  });
  const recomputed = await signer.sign(
    { method: request.method, protocol: request.protocol, hostname: request.hostname, path, query, headers, body },
    { signingDate, signingRegion: region, signingService: service, signableHeaders: new Set(signed) },
  );
  const expected = /Signature=([0-9a-f]{64})/.exec(String(recomputed.headers.authorization))?.[1] ?? '';
  const sameHeaders = /SignedHeaders=([^,\s]+)/.exec(String(recomputed.headers.authorization))?.[1] === signedList;
  if (!sameHeaders || !timingSafeEqual(Buffer.from(expected.padEnd(64, '0')), Buffer.from(signature))) {
    throw sesError(
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
    );
  }
  return found.sandbox;
}

import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { components } from '../../generated/schema.js';
/**
 * QR code generation for the Tools API.
 *
 * Payloads (what phone camera apps expect):
 * - `text`  → the text as given (UTF-8, byte mode).
 * - `url`   → the URL as given; it is not rewritten or normalised.
 * - `email` → `mailto:<email>`; the address must have exactly one `@`, a non-empty local part and domain, and no
 *   whitespace.
 * - `phone` → `tel:<phone>`; spaces and the visual separators `-` `.` `(` `)` are removed, and what remains must be
 *   an optional leading `+` followed by 3–15 digits.
 * - `wifi`  → `WIFI:T:<WPA|WEP>;S:<ssid>;P:<password>;;` (the MECARD-style format read by iOS and Android). The
 *   characters `\ ; , " :` are backslash-escaped in the SSID and password. Without a password, or with
 *   wifiEncryption `nopass`, the payload is `WIFI:T:nopass;S:<ssid>;;` (any password is then ignored).
 *   wifiEncryption defaults to `WPA`. wifiHidden adds `H:true;` before the final `;`.
 * The content field of the chosen type (text, url, email, phone, wifiSSID) is required and must not be empty or
 * whitespace only; fields belonging to other types are ignored.
 *
 * Rendering: size is 50–2000 px (integer), margin is the quiet zone in modules, 0–10 (integer). The symbol plus
 * margin needs at least `modules + 2·margin` pixels, otherwise `qr_size_too_small`. PNG output is always exactly
 * `size`×`size` pixels: every module is drawn as a square of `floor(size / (modules + 2·margin))` whole pixels and
 * the symbol is centred, the leftover pixels widening the quiet zone (whole-pixel modules keep small images
 * scannable; qrcode's own `width` option uses fractional, uneven module sizes and, through floating-point
 * rounding, makes some images one pixel narrower than asked, e.g. width 51 for a 21-module symbol without margin
 * gives 50 px). The PNG is 8-bit greyscale, black on white, encoded with pngjs. SVG output is a vector image
 * with `width` and `height` attributes equal to `size`. Content that does not fit in a version-40 QR code at the
 * chosen errorCorrectionLevel gives `qr_capacity_exceeded`.
 */
import type { PNG as PngImage } from 'pngjs';
import type QRCodeLib from 'qrcode';
import { DomainError, invalid } from '../platform/errors.js';

/**
 * qrcode and pngjs, loaded with the first QR code drawn rather than at start: up to 50 ms of `npm start` and 1.7 MB of
 * heap that an instance drawing none does not spend (BENCHMARKS.md, intake queue, session 13).
 */
type QrLib = { QRCode: typeof QRCodeLib; PNG: typeof PngImage };
let qrLib: QrLib | undefined;
async function loadQrLib(): Promise<QrLib> {
  const [qrcode, pngjs] = await Promise.all([import('qrcode'), import('pngjs')]);
  return (qrLib ??= { QRCode: qrcode.default, PNG: pngjs.PNG });
}

type Schemas = components['schemas'];
export type QrType = Schemas['QrType'];
export type QrFormat = Schemas['QrFormat'];
export type ErrorCorrectionLevel = Schemas['ErrorCorrectionLevel'];

/** The parameters the GET and POST forms share (the spec's QrCodeRequest, less the key). */
export type QrRequest = Omit<Schemas['QrCodeRequest'], 'apikey'>;
type Defaulted = 'type' | 'size' | 'margin' | 'errorCorrectionLevel' | 'format';
/** A request after validation, which filled in the spec's defaults (type text, size 256, margin 4, level M, json). */
export type QrInput = Omit<QrRequest, Defaulted> & Required<Pick<QrRequest, Defaulted>>;
export type QrJsonResult = Schemas['QrCodeData'];

/** What a QR request answers: the JSON description, or the image bytes with their media type. */
export type QrOutput = { format: 'json'; data: QrJsonResult } | { format: 'png' | 'svg'; contentType: string; body: Buffer | string };

/** A rendered code and the ETag of its bytes. */
export interface RenderedQr {
  output: QrOutput;
  etag: string;
}

const FIELDS = ['type', 'text', 'url', 'email', 'phone', 'wifiSSID', 'wifiPassword', 'wifiEncryption', 'wifiHidden', 'size', 'margin', 'errorCorrectionLevel', 'format'] as const;
// Bounded by entries and by bytes: a few thousand typical codes, never more than 32 MB of images.
const cache = new LRUCache<string, RenderedQr>({
  max: 2000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: ({ output }) => (output.format === 'json' ? output.data.dataUrl.length : Buffer.byteLength(output.body)) + 256,
});

/**
 * One QR request, either form: the image in the format asked for, from a bounded cache when the same content was
 * rendered before (same fields, same answer), with an ETag that changes exactly when the bytes do.
 */
export async function renderQrCode(input: QrInput): Promise<RenderedQr> {
  const key = JSON.stringify(FIELDS.map((f) => input[f] ?? null));
  const hit = cache.get(key);
  if (hit) return hit;
  const output = await render(input, qrLib ?? (await loadQrLib()));
  const bytes = output.format === 'json' ? JSON.stringify(output.data) : output.body;
  const rendered = { output, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` };
  cache.set(key, rendered);
  return rendered;
}

async function render(input: QrInput, lib: QrLib): Promise<QrOutput> {
  switch (input.format) {
    case 'png':
      return { format: 'png', contentType: 'image/png', body: drawPng(input, lib) };
    case 'svg':
      return { format: 'svg', contentType: 'image/svg+xml', body: await drawSvg(input, lib) };
    default:
      return { format: 'json', data: drawJson(input, lib) };
  }
}

export const QR_TYPES: readonly QrType[] = ['text', 'url', 'email', 'phone', 'wifi'];
export const QR_ERROR_CORRECTION_LEVELS: readonly ErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H'];
export const QR_MIN_SIZE = 50;
export const QR_MAX_SIZE = 2000;
export const QR_MAX_MARGIN = 10;

/** Byte-mode capacity of a version-40 symbol per level (ISO/IEC 18004 table 7). */
const BYTE_CAPACITY: Record<ErrorCorrectionLevel, number> = { L: 2953, M: 2331, Q: 1663, H: 1273 };

const WIFI_ENCRYPTIONS = ['WPA', 'WEP', 'nopass'] as const;

function requireContent(value: string | undefined, field: string, type: QrType): string {
  if (value === undefined || value === null) throw invalid(`${field} is required when type is ${type}`);
  if (typeof value !== 'string') throw invalid(`${field} must be a string`);
  if (value.trim() === '') throw invalid(`${field} is required when type is ${type} and must not be empty`);
  return value;
}

function escapeWifi(value: string): string {
  return value.replace(/[\\;,":]/g, (c) => `\\${c}`);
}

/** Builds the string encoded in the QR symbol. Throws validation_error for missing or malformed content. */
export function buildQrPayload(input: QrInput): string {
  switch (input.type) {
    case 'text':
      return requireContent(input.text, 'text', 'text');
    case 'url':
      return requireContent(input.url, 'url', 'url');
    case 'email': {
      const email = requireContent(input.email, 'email', 'email');
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
        throw invalid('email must be an email address (one @, non-empty local part and domain, no whitespace)');
      }
      return `mailto:${email}`;
    }
    case 'phone': {
      const raw = requireContent(input.phone, 'phone', 'phone');
      const phone = raw.replace(/[\s\-.()]/g, '');
      if (!/^\+?\d{3,15}$/.test(phone)) {
        throw invalid(
          'phone must be a phone number: an optional leading + and 3 to 15 digits (spaces, -, ., ( and ) are ignored)',
        );
      }
      return `tel:${phone}`;
    }
    case 'wifi': {
      const ssid = requireContent(input.wifiSSID, 'wifiSSID', 'wifi');
      const encryption = input.wifiEncryption ?? 'WPA';
      if (!WIFI_ENCRYPTIONS.includes(encryption)) {
        throw invalid('wifiEncryption must be one of WPA, WEP, nopass');
      }
      if (input.wifiPassword !== undefined && input.wifiPassword !== null && typeof input.wifiPassword !== 'string') {
        throw invalid('wifiPassword must be a string');
      }
      if (input.wifiHidden !== undefined && input.wifiHidden !== null && typeof input.wifiHidden !== 'boolean') {
        throw invalid('wifiHidden must be a boolean');
      }
      const password = input.wifiPassword ?? '';
      const hidden = input.wifiHidden === true ? 'H:true;' : '';
      if (password === '' || encryption === 'nopass') {
        return `WIFI:T:nopass;S:${escapeWifi(ssid)};${hidden};`;
      }
      return `WIFI:T:${encryption};S:${escapeWifi(ssid)};P:${escapeWifi(password)};${hidden};`;
    }
    default:
      throw invalid(`type must be one of ${QR_TYPES.join(', ')}`);
  }
}

function checkRenderOptions(input: QrInput): void {
  if (!Number.isInteger(input.size) || input.size < QR_MIN_SIZE || input.size > QR_MAX_SIZE) {
    throw invalid(`size must be an integer from ${QR_MIN_SIZE} to ${QR_MAX_SIZE}`);
  }
  if (!Number.isInteger(input.margin) || input.margin < 0 || input.margin > QR_MAX_MARGIN) {
    throw invalid(`margin must be an integer from 0 to ${QR_MAX_MARGIN}`);
  }
  if (!QR_ERROR_CORRECTION_LEVELS.includes(input.errorCorrectionLevel)) {
    throw invalid(`errorCorrectionLevel must be one of ${QR_ERROR_CORRECTION_LEVELS.join(', ')}`);
  }
}

interface QrSymbol {
  payload: string;
  /** Modules per side, without margin. */
  modules: number;
  data: Uint8Array;
}

/** Validates the input, encodes the payload and checks it fits in `size` pixels. */
function encode(input: QrInput, { QRCode }: QrLib): QrSymbol {
  const payload = buildQrPayload(input);
  checkRenderOptions(input);
  let qr: QRCodeLib.QRCode;
  try {
    qr = QRCode.create(payload, { errorCorrectionLevel: input.errorCorrectionLevel });
  } catch (err) {
    if (err instanceof Error && /too big/i.test(err.message)) {
      const bytes = Buffer.byteLength(payload, 'utf8');
      const level = input.errorCorrectionLevel;
      throw new DomainError(
        'qr_capacity_exceeded',
        `The QR payload is ${payload.length} characters (${bytes} bytes as UTF-8), more than a QR code holds at ` +
          `errorCorrectionLevel ${level} (at most ${BYTE_CAPACITY[level]} bytes of arbitrary text); ` +
          `a lower errorCorrectionLevel or shorter content may fit`,
      );
    }
    throw err;
  }
  const modules = qr.modules.size;
  const needed = modules + 2 * input.margin;
  if (needed > input.size) {
    throw new DomainError(
      'qr_size_too_small',
      `size ${input.size} is too small for this content: the QR symbol is ${modules} modules wide plus ` +
        `2×${input.margin} margin modules, so the minimum size is ${needed}; increase size, lower margin, ` +
        `or shorten the content`,
    );
  }
  return { payload, modules, data: qr.modules.data };
}

/**
 * Rasterises the symbol into exactly size×size greyscale pixels (black modules on white), each module a square of
 * whole pixels, and encodes it with pngjs.
 */
function rasterise(symbol: QrSymbol, size: number, margin: number, { PNG }: QrLib): Buffer {
  const total = symbol.modules + 2 * margin;
  const scale = Math.floor(size / total);
  const offset = Math.floor((size - scale * total) / 2) + margin * scale;
  const symbolPx = symbol.modules * scale;
  const png = new PNG({ width: size, height: size, colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8 });
  const pixels = Buffer.alloc(size * size, 0xff);
  for (let y = offset; y < offset + symbolPx; y++) {
    const row = Math.floor((y - offset) / scale);
    for (let col = 0; col < symbol.modules; col++) {
      if (!symbol.data[row * symbol.modules + col]) continue;
      const x0 = y * size + offset + col * scale;
      pixels.fill(0, x0, x0 + scale);
    }
  }
  png.data = pixels;
  // Rows repeat `scale` times, so the "Up" filter makes them all zeros and deflate squeezes them to nothing.
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false, bitDepth: 8, filterType: 2 });
}

/** PNG image, exactly `size` pixels wide and tall. */
export async function renderQrPng(input: QrInput): Promise<Buffer> {
  return drawPng(input, qrLib ?? (await loadQrLib()));
}

function drawPng(input: QrInput, lib: QrLib): Buffer {
  const symbol = encode(input, lib);
  return rasterise(symbol, input.size, input.margin, lib);
}

/** SVG document whose `width` and `height` attributes equal `size`. */
export async function renderQrSvg(input: QrInput): Promise<string> {
  return drawSvg(input, qrLib ?? (await loadQrLib()));
}

function drawSvg(input: QrInput, lib: QrLib): Promise<string> {
  const symbol = encode(input, lib);
  return lib.QRCode.toString(symbol.payload, {
    type: 'svg',
    width: input.size,
    margin: input.margin,
    errorCorrectionLevel: input.errorCorrectionLevel,
  });
}

/** JSON description plus the PNG (same bytes as renderQrPng) as a data URL. */
export async function renderQrJson(input: QrInput): Promise<QrJsonResult> {
  return drawJson(input, qrLib ?? (await loadQrLib()));
}

function drawJson(input: QrInput, lib: QrLib): QrJsonResult {
  const symbol = encode(input, lib);
  const png = rasterise(symbol, input.size, input.margin, lib);
  return {
    value: symbol.payload,
    type: input.type,
    size: input.size,
    errorCorrectionLevel: input.errorCorrectionLevel,
    margin: input.margin,
    dataUrl: `data:image/png;base64,${png.toString('base64')}`,
    format: 'png',
  };
}

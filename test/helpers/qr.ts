import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

// jsqr is CommonJS with a default export; under NodeNext it arrives wrapped.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as typeof jsQRModule.default;

/** Decodes a PNG the way a phone camera app would read it: pixels in, payload text out. */
export function decodeQrPng(png: Buffer): { width: number; height: number; text: string | null } {
  const image = PNG.sync.read(png);
  const code = jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height);
  return { width: image.width, height: image.height, text: code?.data ?? null };
}

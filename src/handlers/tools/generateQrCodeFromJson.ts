import type { Handler } from '../../http/spec/handler.js';
import { renderQrCode, type QrInput } from '../../tools/qr.js';

// Validation filled in the spec's defaults, hence QrInput.
export const generateQrCodeFromJson: Handler<'generateQrCodeFromJson'> = async (request, reply, _ctx) => {
  const { output: qr, etag } = await renderQrCode(request.body as QrInput);
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return qr.format === 'json' ? { success: true, data: qr.data } : reply.type(qr.contentType).send(qr.body);
};

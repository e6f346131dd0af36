import type { Handler } from '../../http/handler.js';
import { renderQrCode, type QrInput } from '../../services/tools/qr.js';

// Validation filled in the spec's defaults, hence QrInput.
export const generateQrCode: Handler<'generateQrCode'> = async (request, reply) => {
  const qr = await renderQrCode(request.query as QrInput);
  return qr.format === 'json' ? { success: true, data: qr.data } : reply.type(qr.contentType).send(qr.body);
};

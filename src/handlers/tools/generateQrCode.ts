import type { FastifyReply } from 'fastify';
import type { components } from '../../../generated/schema.js';
import type { Handler, SuccessBody } from '../../http/handler.js';
import { renderQrJson, renderQrPng, renderQrSvg, type QrInput } from '../../services/tools/qr.js';

type QrParams = Omit<components['schemas']['QrCodeRequest'], 'apikey'>;

/** Shared by the GET and POST forms: the spec gives both the same parameters and defaults. */
export async function respondQrCode(params: QrParams, reply: FastifyReply): Promise<SuccessBody<'generateQrCode'> | FastifyReply> {
  const input: QrInput = {
    type: params.type ?? 'text',
    text: params.text,
    url: params.url,
    email: params.email,
    phone: params.phone,
    wifiSSID: params.wifiSSID,
    wifiPassword: params.wifiPassword,
    wifiEncryption: params.wifiEncryption,
    wifiHidden: params.wifiHidden,
    size: params.size ?? 256,
    margin: params.margin ?? 4,
    errorCorrectionLevel: params.errorCorrectionLevel ?? 'M',
  };
  switch (params.format ?? 'json') {
    case 'png':
      return reply.type('image/png').send(await renderQrPng(input));
    case 'svg':
      return reply.type('image/svg+xml').send(await renderQrSvg(input));
    default:
      return { success: true, data: await renderQrJson(input) };
  }
}

export const generateQrCode: Handler<'generateQrCode'> = async (request, reply) => respondQrCode(request.query, reply);

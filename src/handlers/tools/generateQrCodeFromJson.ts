import type { Handler } from '../../http/handler.js';
import { respondQrCode } from './generateQrCode.js';

export const generateQrCodeFromJson: Handler<'generateQrCodeFromJson'> = async (request, reply) => respondQrCode(request.body, reply);

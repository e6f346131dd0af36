import type { Handler } from '../../http/spec/handler.js';
import { calculateAge } from '../../tools/age.js';

export const calculateAgeFromJson: Handler<'calculateAgeFromJson'> = async (request, _reply, _ctx) => ({
  success: true,
  data: calculateAge(request.body.birthDate, request.body.referenceDate),
});

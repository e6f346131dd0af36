import type { Handler } from '../../http/spec/handler.js';
import { calculateAge } from '../../tools/age.js';

export const calculateAgeFromJson: Handler<'calculateAgeFromJson'> = async (request) => ({
  success: true,
  data: calculateAge(request.body.birthDate, request.body.referenceDate),
});

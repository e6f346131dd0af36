import type { Handler } from '../../http/handler.js';
import { calculateAge } from '../../services/tools/age.js';

export const calculateAgeFromJson: Handler<'calculateAgeFromJson'> = async (request) => ({
  success: true,
  data: calculateAge(request.body.birthDate, request.body.referenceDate),
});

import type { Handler } from '../../http/handler.js';
import { calculateAge as age } from '../../services/tools/age.js';

export const calculateAge: Handler<'calculateAge'> = async (request) => ({
  success: true,
  data: age(request.query.birthDate, request.query.referenceDate),
});

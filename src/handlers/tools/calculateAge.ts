import type { Handler } from '../../http/spec/handler.js';
import { calculateAge as age } from '../../tools/age.js';

export const calculateAge: Handler<'calculateAge'> = async (request, _reply, _ctx) => ({
  success: true,
  data: age(request.query.birthDate, request.query.referenceDate),
});

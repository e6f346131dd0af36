import type { Handler } from '../../http/handler.js';
import { respondEmailValidator } from './validateEmail.js';

export const validateEmailFromJson: Handler<'validateEmailFromJson'> = async (request, _reply, deps) =>
  respondEmailValidator(request.body, deps);

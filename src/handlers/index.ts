import type { HandlerMap } from '../http/handler.js';
import { createAddress } from './addresses/createAddress.js';
import { deleteAddress } from './addresses/deleteAddress.js';
import { extendAddress } from './addresses/extendAddress.js';
import { getAddress } from './addresses/getAddress.js';
import { listAddresses } from './addresses/listAddresses.js';
import { deleteMessage } from './messages/deleteMessage.js';
import { getAttachment } from './messages/getAttachment.js';
import { getMessage } from './messages/getMessage.js';
import { getMessageRaw } from './messages/getMessageRaw.js';
import { listMessages } from './messages/listMessages.js';
import { getHealth } from './system/getHealth.js';
import { getOpenApiJson } from './system/getOpenApiJson.js';
import { getOpenApiYaml } from './system/getOpenApiYaml.js';
import { calculateAge } from './tools/calculateAge.js';
import { calculateAgeFromJson } from './tools/calculateAgeFromJson.js';
import { generateQrCode } from './tools/generateQrCode.js';
import { generateQrCodeFromJson } from './tools/generateQrCodeFromJson.js';
import { validateEmail } from './tools/validateEmail.js';
import { validateEmailFromJson } from './tools/validateEmailFromJson.js';

/** operationId → handler. `satisfies HandlerMap` makes a missing or misspelt operation a compile error. */
export const handlers = {
  getHealth,
  getOpenApiJson,
  getOpenApiYaml,
  generateQrCode,
  generateQrCodeFromJson,
  validateEmail,
  validateEmailFromJson,
  calculateAge,
  calculateAgeFromJson,
  listAddresses,
  createAddress,
  getAddress,
  deleteAddress,
  extendAddress,
  listMessages,
  getMessage,
  deleteMessage,
  getMessageRaw,
  getAttachment,
} satisfies HandlerMap;

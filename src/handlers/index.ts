import { sharedHandler, type HandlerMap } from '../http/spec/handler.js';
import { createAddress } from './addresses/createAddress.js';
import { deleteAddress } from './addresses/deleteAddress.js';
import { extendAddress } from './addresses/extendAddress.js';
import { getAddress } from './addresses/getAddress.js';
import { listAddresses } from './addresses/listAddresses.js';
import { clearAddressFaults } from './faults/clearAddressFaults.js';
import { getAddressFaults } from './faults/getAddressFaults.js';
import { setAddressFaults } from './faults/setAddressFaults.js';
import { handleMcp } from './mcp/handleMcp.js';
import { sendMailgunMessage } from './providers/sendMailgunMessage.js';
import { sendPostmarkBatch } from './providers/sendPostmarkBatch.js';
import { sendPostmarkEmail } from './providers/sendPostmarkEmail.js';
import { sendResendBatch } from './providers/sendResendBatch.js';
import { sendResendEmail } from './providers/sendResendEmail.js';
import { sendSendGridMail } from './providers/sendSendGridMail.js';
import { sendSesEmail } from './providers/sendSesEmail.js';
import { sendSesQuery } from './providers/sendSesQuery.js';
import { createSandbox } from './sandboxes/createSandbox.js';
import { deleteSandbox } from './sandboxes/deleteSandbox.js';
import { getSandbox } from './sandboxes/getSandbox.js';
import { listSandboxes } from './sandboxes/listSandboxes.js';
import { rotateSandbox } from './sandboxes/rotateSandbox.js';
import {
  deleteSandboxMessage,
  deleteSandboxMessages,
  getSandboxAttachment,
  getSandboxMessage,
  getSandboxMessageRaw,
  listSandboxMessages,
  streamSandboxMessages,
  updateSandboxMessage,
  waitForSandboxMessages,
} from './sandboxes/sandboxMessages.js';
import { createKey } from './keys/createKey.js';
import { listKeys } from './keys/listKeys.js';
import { revokeKey } from './keys/revokeKey.js';
import { changePlan } from './dashboard/changePlan.js';
import { createApiKey } from './dashboard/createApiKey.js';
import { deleteAllDashboardMessages } from './dashboard/deleteAllDashboardMessages.js';
import { getDashboardMessageStructure } from './dashboard/getDashboardMessageStructure.js';
import { getSession } from './dashboard/getSession.js';
import { getUsage } from './dashboard/getUsage.js';
import { listApiKeys } from './dashboard/listApiKeys.js';
import { listDashboardInbox } from './dashboard/listDashboardInbox.js';
import { logIn } from './dashboard/logIn.js';
import { logOut } from './dashboard/logOut.js';
import { revokeApiKey } from './dashboard/revokeApiKey.js';
import { signUp } from './dashboard/signUp.js';
import { streamDashboardEvents } from './dashboard/streamDashboardEvents.js';
import { listMembers } from './dashboard/listMembers.js';
import { createInvitation } from './dashboard/createInvitation.js';
import { revokeInvitation } from './dashboard/revokeInvitation.js';
import { updateMember } from './dashboard/updateMember.js';
import { removeMember } from './dashboard/removeMember.js';
import { acceptInvitation } from './dashboard/acceptInvitation.js';
import { switchWorkspace } from './dashboard/switchWorkspace.js';
import { updateDashboardMessages } from './dashboard/updateDashboardMessages.js';
import { checkMessage } from './messages/checkMessage.js';
import { deleteMessage } from './messages/deleteMessage.js';
import { getAttachment } from './messages/getAttachment.js';
import { getMessage } from './messages/getMessage.js';
import { getMessagePreview } from './messages/getMessagePreview.js';
import { getMessageRaw } from './messages/getMessageRaw.js';
import { listMessages } from './messages/listMessages.js';
import { streamMessages } from './messages/streamMessages.js';
import { updateMessage } from './messages/updateMessage.js';
import { waitForMessages } from './messages/waitForMessages.js';
import { addDomain } from './domains/addDomain.js';
import { deleteDomain } from './domains/deleteDomain.js';
import { getDomain } from './domains/getDomain.js';
import { listDomains } from './domains/listDomains.js';
import { updateDomain } from './domains/updateDomain.js';
import { verifyDomain } from './domains/verifyDomain.js';
import { getClientPackage } from './system/getClientPackage.js';
import { getHealth } from './system/getHealth.js';
import { getMetrics } from './system/getMetrics.js';
import { getReadiness } from './system/getReadiness.js';
import { getOpenApiJson } from './system/getOpenApiJson.js';
import { getOpenApiYaml } from './system/getOpenApiYaml.js';
import { calculateAge } from './tools/calculateAge.js';
import { calculateAgeFromJson } from './tools/calculateAgeFromJson.js';
import { generateQrCode } from './tools/generateQrCode.js';
import { generateQrCodeFromJson } from './tools/generateQrCodeFromJson.js';
import { validateEmail } from './tools/validateEmail.js';
import { validateEmailFromJson } from './tools/validateEmailFromJson.js';
import { createWebhook } from './webhooks/createWebhook.js';
import { deleteWebhook } from './webhooks/deleteWebhook.js';
import { getWebhook } from './webhooks/getWebhook.js';
import { listWebhookDeliveries } from './webhooks/listWebhookDeliveries.js';
import { listWebhooks } from './webhooks/listWebhooks.js';
import { redeliverWebhookDelivery } from './webhooks/redeliverWebhookDelivery.js';
import { rotateWebhookSecret } from './webhooks/rotateWebhookSecret.js';
import { sendTestWebhook } from './webhooks/sendTestWebhook.js';
import { updateWebhook } from './webhooks/updateWebhook.js';

/** operationId → handler. `satisfies HandlerMap` makes a missing or misspelt operation a compile error. */
export const handlers = {
  getHealth,
  getClientPackage,
  getMetrics,
  getReadiness,
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
  checkMessage,
  getMessagePreview,
  listWebhooks,
  createWebhook,
  getWebhook,
  updateWebhook,
  deleteWebhook,
  rotateWebhookSecret,
  listWebhookDeliveries,
  redeliverWebhookDelivery,
  sendTestWebhook,
  updateMessage,
  waitForMessages,
  streamMessages,
  listDomains,
  addDomain,
  getDomain,
  updateDomain,
  deleteDomain,
  verifyDomain,
  signUp,
  logIn,
  logOut,
  getSession,
  changePlan,
  listApiKeys,
  createApiKey,
  revokeApiKey,
  getUsage,
  listDashboardAddresses: sharedHandler<'listAddresses', 'listDashboardAddresses'>(listAddresses, true),
  createDashboardAddress: sharedHandler<'createAddress', 'createDashboardAddress'>(createAddress, true),
  deleteDashboardAddress: sharedHandler<'deleteAddress', 'deleteDashboardAddress'>(deleteAddress, true),
  extendDashboardAddress: sharedHandler<'extendAddress', 'extendDashboardAddress'>(extendAddress, true),
  listDashboardMessages: sharedHandler<'listMessages', 'listDashboardMessages'>(listMessages, true),
  getDashboardMessage: sharedHandler<'getMessage', 'getDashboardMessage'>(getMessage, true),
  deleteDashboardMessage: sharedHandler<'deleteMessage', 'deleteDashboardMessage'>(deleteMessage, true),
  getDashboardMessageRaw: sharedHandler<'getMessageRaw', 'getDashboardMessageRaw'>(getMessageRaw, true),
  getDashboardAttachment: sharedHandler<'getAttachment', 'getDashboardAttachment'>(getAttachment, true),
  checkDashboardMessage: sharedHandler<'checkMessage', 'checkDashboardMessage'>(checkMessage, true),
  getDashboardMessagePreview: sharedHandler<'getMessagePreview', 'getDashboardMessagePreview'>(getMessagePreview, true),
  getAddressFaults,
  setAddressFaults,
  clearAddressFaults,
  handleMcp,
  listKeys,
  createKey,
  revokeKey,
  updateDashboardMessage: sharedHandler<'updateMessage', 'updateDashboardMessage'>(updateMessage, true),
  deleteAllDashboardMessages,
  getDashboardMessageStructure,
  listDashboardInbox,
  updateDashboardMessages,
  streamDashboardEvents,
  listMembers,
  createInvitation,
  revokeInvitation,
  updateMember,
  removeMember,
  acceptInvitation,
  switchWorkspace,
  listSandboxes,
  createSandbox,
  getSandbox,
  deleteSandbox,
  rotateSandbox,
  listSandboxMessages,
  deleteSandboxMessages,
  waitForSandboxMessages,
  streamSandboxMessages,
  getSandboxMessage,
  updateSandboxMessage,
  deleteSandboxMessage,
  getSandboxMessageRaw,
  getSandboxAttachment,
  listDashboardSandboxes: sharedHandler<'listSandboxes', 'listDashboardSandboxes'>(listSandboxes, true),
  createDashboardSandbox: sharedHandler<'createSandbox', 'createDashboardSandbox'>(createSandbox, true),
  deleteDashboardSandbox: sharedHandler<'deleteSandbox', 'deleteDashboardSandbox'>(deleteSandbox, true),
  rotateDashboardSandbox: sharedHandler<'rotateSandbox', 'rotateDashboardSandbox'>(rotateSandbox, true),
  sendSendGridMail,
  sendPostmarkEmail,
  sendPostmarkBatch,
  sendResendEmail,
  sendResendBatch,
  sendMailgunMessage,
  sendSesEmail,
  sendSesQuery,
} satisfies HandlerMap;

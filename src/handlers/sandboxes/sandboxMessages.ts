import { sendAttachment, sendRawSource } from '../../http/downloads.js';
import type { Handler, WithDefaults } from '../../http/spec/handler.js';
import { deleteMessage, getAttachment, getMessage, getMessageRaw, listMessages, setMessageRead } from '../../mail/messages.js';
import { emptySandbox, requireSandboxMailbox } from '../../mail/sandboxes.js';
import { streamOf } from '../messages/streamMessages.js';
import { waitOn } from '../messages/waitForMessages.js';

/**
 * A sandbox's mail: the address message operations' services on the sandbox's mailbox, found by the sandbox id
 * (another account's sandbox answers 404 sandbox_not_found, as a missing one does).
 */

export const listSandboxMessages: Handler<'listSandboxMessages'> = async (request, _reply, ctx, caller) => {
  const { limit, offset, subject, from, since, unread } = request.query as WithDefaults<typeof request.query, 'limit' | 'offset'>;
  const mailbox = await requireSandboxMailbox(ctx.database.db, caller.account.id, request.params.id);
  const { messages, count } = await listMessages(ctx.database.db, mailbox.id, { limit, offset }, { subject, from, since, unread });
  return { success: true, messages, count };
};

export const deleteSandboxMessages: Handler<'deleteSandboxMessages'> = async (request, _reply, ctx, caller) => {
  return { success: true, deleted: await emptySandbox(ctx.database.db, caller.account.id, request.params.id) };
};

export const waitForSandboxMessages: Handler<'waitForSandboxMessages'> = async (request, reply, ctx, caller) => {
  const mailbox = await requireSandboxMailbox(ctx.database.db, caller.account.id, request.params.id);
  return waitOn(request, reply, ctx, mailbox);
};

export const streamSandboxMessages: Handler<'streamSandboxMessages'> = async (request, reply, ctx, caller) => {
  const mailbox = await requireSandboxMailbox(ctx.database.db, caller.account.id, request.params.id);
  return streamOf(request, reply, ctx, mailbox);
};

export const getSandboxMessage: Handler<'getSandboxMessage'> = async (request, _reply, ctx, caller) => {
  const mailbox = await requireSandboxMailbox(ctx.database.db, caller.account.id, request.params.id);
  return { success: true, ...(await getMessage(ctx.database.db, mailbox.id, request.params.messageId)) };
};

export const updateSandboxMessage: Handler<'updateSandboxMessage'> = async (request, _reply, ctx, caller) => {
  const mailbox = await requireSandboxMailbox(ctx.database.db, caller.account.id, request.params.id);
  return { success: true, ...(await setMessageRead(ctx.database.db, mailbox.id, request.params.messageId, request.body.read)) };
};

export const deleteSandboxMessage: Handler<'deleteSandboxMessage'> = async (request, _reply, ctx, caller) => {
  const mailbox = await requireSandboxMailbox(ctx.database.db, caller.account.id, request.params.id);
  await deleteMessage(ctx.database.db, mailbox.id, request.params.messageId);
  return { success: true, message: `Message ${request.params.messageId} was deleted.` };
};

export const getSandboxMessageRaw: Handler<'getSandboxMessageRaw'> = async (request, reply, ctx, caller) => {
  const mailbox = await requireSandboxMailbox(ctx.database.db, caller.account.id, request.params.id);
  return sendRawSource(reply, request.params.messageId, await getMessageRaw(ctx.database.db, mailbox.id, request.params.messageId));
};

export const getSandboxAttachment: Handler<'getSandboxAttachment'> = async (request, reply, ctx, caller) => {
  const mailbox = await requireSandboxMailbox(ctx.database.db, caller.account.id, request.params.id);
  const file = await getAttachment(ctx.database.db, mailbox.id, request.params.messageId, request.params.attachmentId);
  return sendAttachment(reply, file, request.params.attachmentId);
};

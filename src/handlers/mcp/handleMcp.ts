import type { Handler } from '../../http/spec/handler.js';
import { handleMcpRequest, mcpTools } from '../../http/mcp/tools.js';
import type { LoadedSpec } from '../../http/spec/spec.js';

const toolsBySpec = new WeakMap<LoadedSpec, ReturnType<typeof mcpTools>>();

/** The MCP endpoint: the SDK's Streamable HTTP transport answers; its Web Response becomes this reply. */
export const handleMcp: Handler<'handleMcp'> = async (request, reply, ctx) => {
  let tools = toolsBySpec.get(ctx.spec);
  if (!tools) toolsBySpec.set(ctx.spec, (tools = mcpTools(ctx.spec)));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
  const response = await handleMcpRequest(ctx, request.server, tools, {
    url: `http://${request.hostname}${request.url}`,
    headers,
    body: request.body,
  });
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  const text = await response.text();
  return reply.send(text === '' ? undefined : text);
};

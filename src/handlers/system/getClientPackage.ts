import type { Handler } from '../../http/spec/handler.js';
import { packClient } from '../../http/client-package.js';

export const getClientPackage: Handler<'getClientPackage'> = async (request, reply, _ctx) => {
  const { tarball, etag, version } = await packClient();
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply
    .type('application/gzip')
    .header('content-disposition', `attachment; filename="ephemail-client-${version}.tgz"`)
    .send(tarball);
};

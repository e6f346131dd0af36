import type { HttpContext } from '../../http/spec/handler.js';
import type { CaptureDeps } from '../../mail/providers/capture.js';

/** What the provider handlers capture with: the store, the intake queue and the inbound allowance. */
export const captureDeps = (ctx: HttpContext): CaptureDeps => ({ db: ctx.database.db, intake: ctx.intake, inbound: ctx.inbound });

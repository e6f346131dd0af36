/** Bytes that crossed a thread boundary (a plain Uint8Array there) as a Buffer over the same memory. */
export const asBuffer = (u: Uint8Array): Buffer => (Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength));

/**
 * Bytes about to cross to another thread: a structured clone copies a view's whole ArrayBuffer, and a small Buffer is
 * a view into Node's shared pool (8 KiB), so a 2 kB message would cross as 8 KiB — and live as much on the other side
 * until it is collected. A view that is not its buffer's whole is copied to one that is.
 */
export const forPosting = (u: Uint8Array): Uint8Array => (u.byteOffset === 0 && u.byteLength === u.buffer.byteLength ? u : new Uint8Array(u));

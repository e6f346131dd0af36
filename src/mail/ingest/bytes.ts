/** Bytes that crossed a thread boundary (a plain Uint8Array there) as a Buffer over the same memory. */
export const asBuffer = (u: Uint8Array): Buffer => (Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength));

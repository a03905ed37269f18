// The owner's money calls carry an Idempotency-Key (D36): each dialog that refunds or cancels makes one when it
// opens and sends it with every submit of it, so a second click, or a submit again after a lost answer, gets the
// first answer and moves no money twice. The tRPC client sends it as the header of that call alone (src/lib/trpc.ts).

/** A new key: a random UUID (v4), from getRandomValues, which unlike randomUUID needs no secure context. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A mutation's options that send `key` as its Idempotency-Key (the operation's context, read by the client's link). */
export const sendingIdempotencyKey = (key: string) => ({ trpc: { context: { idempotencyKey: key } } });

export function verifyTurneryWebhook(
  rawBody: string | Buffer,
  signatureHeader: string | undefined | null,
  secret: string,
  nowMs?: number,
): boolean;

import type { Logger } from '../logger';

/** Unexpected faults of procedures are logged with the request id; expected ones (bad input, 401, 404...) are not noise. */
export function logProcedureErrors(logger: Logger) {
  return ({
    error,
    path,
    ctx,
  }: {
    error: { code: string; message: string; stack?: string };
    path?: string;
    ctx?: { res: { locals?: Record<string, unknown> } };
  }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') {
      logger.error(
        { reqId: ctx?.res.locals?.requestId, procedure: path, err: { message: error.message, stack: error.stack } },
        'procedure failed',
      );
    }
  };
}

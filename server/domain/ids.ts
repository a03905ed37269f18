import { z } from 'zod';

/** The largest id PostgreSQL's integer column holds: a larger one is a 404 (or 400), never a database error. */
export const MAX_ID = 2_147_483_647;

// Pure: pages that import MAX_ID must not carry zod's schema builders in their bundle.
/**
 * A row's id: a whole number from 1 to MAX_ID (D1). A JSON body and /trpc send a number (D34); the REST mirror
 * reads one from its path's text.
 */
export const idSchema = /* @__PURE__ */ z.number().int().positive().max(MAX_ID);

/** The input of a procedure that names one row: `{ id }`, from the path on the REST mirror. */
export const idInput = /* @__PURE__ */ z.object({ id: idSchema });

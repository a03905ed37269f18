// Each Playwright worker drives a shop of its own (its own database), so two spec files run at once without
// seeing each other's stock, posts or orders. Worker n's shop listens on the base port + 20 n; a spec that starts a
// provider shop of its own takes a port a little above its worker's.
export const BASE_PORT = Number(process.env.E2E_PORT ?? 4310);
export const PORTS_PER_WORKER = 20;

/** The port of the shop this worker drives (Playwright sets TEST_PARALLEL_INDEX in each worker process). */
export const e2ePort = () => BASE_PORT + PORTS_PER_WORKER * Number(process.env.TEST_PARALLEL_INDEX ?? 0);

import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';

describe('liveness and readiness', () => {
  it('live answers without the database; ready checks it, and turns 503 the moment a stop begins while requests are still served', async () => {
    const server = await startTestServer({ STOP_DELAY_MS: '1500' });
    expect(await (await fetch(`${server.url}/api/health/live`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/api/health/ready`)).json()).toEqual({ status: 'ok', database: 'ok' });

    const stopped = server.close();
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ data: { reason: 'SERVICE_UNAVAILABLE' } });
    // Still serving during the delay, each answer closing its connection.
    const live = await fetch(`${server.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    await stopped;
    await expect(fetch(`${server.url}/api/health/live`)).rejects.toThrow();
  });
});

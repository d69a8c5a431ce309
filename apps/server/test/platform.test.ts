import { healthOperations } from '@hireloop/contract/operations/health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startTestApp, type TestApp } from './harness.ts';
import { expectStatus } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('platform', () => {
  it('reports health after checking the database', async () => {
    const res = await expectStatus(new Client(t.baseUrl), healthOperations.get, 200, { params: {} });
    expect(res).toMatchObject({ status: 'ok', database: 'postgres' });
  });

  it('answers an unknown /api path with the JSON 404 envelope', async () => {
    const res = await new Client(t.baseUrl).get('/api/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toEqual({ message: 'No route for GET /api/v1/does-not-exist.', code: 'not_found' });
  });

  it('accepts trailing slashes', async () => {
    expect((await new Client(t.baseUrl).get('/api/v1/health/')).status).toBe(200);
  });

  it('sends security headers: CSP with frame-ancestors none, nosniff', async () => {
    const res = await new Client(t.baseUrl).get('health');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toBeNull(); // HSTS only in production
  });

  it('publishes every API route in the OpenAPI document', async () => {
    const res = await new Client(t.baseUrl).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const documented = new Set<string>();
    for (const [path, ops] of Object.entries(res.json.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(ops)) documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
    const missing = t.app.apiRoutes
      .filter((r) => r.url !== '/api/v1/openapi.json')
      .map((r) => `${r.method} ${r.url}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
  });

  it('serves the API reference at /api/docs', async () => {
    const res = await new Client(t.baseUrl).get('/api/docs/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/swagger/i);
  });
});

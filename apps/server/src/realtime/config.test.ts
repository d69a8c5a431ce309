import { describe, expect, it } from 'vitest';
import { DEV_PUSHER, loadConfig } from '../config.ts';
import { browserRealtimeConfig } from '../features/broadcasting/routes.ts';

const production = { NODE_ENV: 'production', APP_URL: 'https://hire.example.com', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
const error = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    return (e as Error).message;
  }
  return '';
};

describe('real-time configuration', () => {
  it('uses fixed development credentials and the embedded endpoint outside production', () => {
    const c = loadConfig({ NODE_ENV: 'development', PORT: '3000' });
    expect(c.realtime).toEqual({ ...DEV_PUSHER, hosted: null, redisUrl: undefined });
    expect(browserRealtimeConfig(c.realtime, c.appUrl)).toEqual({
      key: DEV_PUSHER.key,
      host: 'localhost',
      port: 3000,
      tls: false,
      auth_endpoint: '/api/v1/broadcasting/auth',
    });
  });

  it('requires a real PUSHER_SECRET in production', () => {
    expect(error(production)).toContain('PUSHER_SECRET is required in production');
    expect(error({ ...production, PUSHER_SECRET: DEV_PUSHER.secret })).toContain('must not be the development secret');
    const c = loadConfig({ ...production, PUSHER_SECRET: 'a-real-secret-of-some-length' });
    expect(browserRealtimeConfig(c.realtime, c.appUrl)).toMatchObject({ host: 'hire.example.com', port: 443, tls: true });
  });

  it('goes to hosted Pusher with PUSHER_CLUSTER (TLS, cluster eu) and needs all three credentials', () => {
    expect(error({ PUSHER_CLUSTER: 'eu' })).toContain('PUSHER_APP_ID is required with PUSHER_HOST or PUSHER_CLUSTER');
    const c = loadConfig({ PUSHER_CLUSTER: 'eu', PUSHER_APP_ID: '123', PUSHER_KEY: 'abc', PUSHER_SECRET: 'shhh-0123456789abcdef' });
    expect(c.realtime.hosted).toEqual({ host: 'api-eu.pusher.com', port: 443, cluster: 'eu' });
    expect(browserRealtimeConfig(c.realtime, c.appUrl)).toEqual({
      key: 'abc',
      host: 'ws-eu.pusher.com',
      port: 443,
      tls: true,
      cluster: 'eu',
      auth_endpoint: '/api/v1/broadcasting/auth',
    });
    const own = loadConfig({
      PUSHER_HOST: 'push.example.com',
      PUSHER_APP_ID: '1',
      PUSHER_KEY: 'k',
      PUSHER_SECRET: 'shhh-0123456789abcdef',
    });
    expect(browserRealtimeConfig(own.realtime, own.appUrl)).toMatchObject({ host: 'push.example.com', port: 443, tls: true });
    expect(error({ REDIS_URL: 'http://x' })).toContain('REDIS_URL must be a redis:// or rediss:// URL');
  });
});

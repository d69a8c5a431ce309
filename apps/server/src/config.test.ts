import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** loadConfig reads only what it is given: an empty environment is "nothing set". */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected loadConfig to refuse ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('runs with nothing set: port 3000, ./data, the local identity provider, localhost URL', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './data',
      demo: undefined,
      trustProxy: false,
      shutdownGraceMs: 10_000,
    });
    expect(config.oidc.kind).toBe('local');
  });

  it('builds the default APP_URL from PORT and drops a trailing slash from a given one', () => {
    expect(loadConfig({ PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ APP_URL: 'https://hire.example.com/' }).appUrl).toBe('https://hire.example.com');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('uses Google (or OIDC_ISSUER) when both Google credentials are set', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).oidc).toEqual({
      kind: 'google',
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', OIDC_ISSUER: 'http://127.0.0.1:9999' }).oidc).toMatchObject(
      {
        kind: 'google',
        issuer: 'http://127.0.0.1:9999',
      },
    );
  });

  it('names PORT when it is not a port number', () => {
    for (const PORT of ['abc', '70000', '-1', '3.5']) {
      const error = configError({ PORT });
      expect(error.message).toMatch(/^Invalid configuration: PORT /);
    }
  });

  it('names DATABASE_URL when it is not a PostgreSQL URL', () => {
    expect(configError({ DATABASE_URL: 'mysql://x' }).message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@db:5432/hireloop' }).databaseUrl).toBe('postgresql://u@db:5432/hireloop');
  });

  it('names the missing half of the Google credentials', () => {
    expect(configError({ GOOGLE_CLIENT_ID: 'id' }).message).toContain('GOOGLE_CLIENT_SECRET');
    expect(configError({ GOOGLE_CLIENT_SECRET: 'secret' }).message).toContain('GOOGLE_CLIENT_ID');
  });

  it('refuses production without Google credentials, naming GOOGLE_CLIENT_ID', () => {
    const error = configError({ NODE_ENV: 'production', APP_URL: 'https://hire.example.com' });
    expect(error.message).toContain('GOOGLE_CLIENT_ID is required in production');
  });

  it('refuses production without APP_URL', () => {
    const error = configError({ NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' });
    expect(error.message).toContain('APP_URL is required in production');
  });

  it('reads DEMO and TRUST_PROXY as flags and names a value that is not one', () => {
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'yes' }).trustProxy).toBe(true);
    expect(configError({ DEMO: 'maybe' }).message).toContain('DEMO');
  });

  it('stores files locally unless S3_BUCKET is set, and then needs its credentials', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(
      loadConfig({
        S3_BUCKET: 'hireloop-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'hireloop-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(configError({ S3_BUCKET: 'hireloop-files' }).message).toContain('S3_ACCESS_KEY_ID is required with S3_BUCKET');
    expect(configError({ S3_BUCKET: 'b1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'not a url' }).message).toContain(
      'S3_ENDPOINT',
    );
  });

  it('names every wrong variable at once', () => {
    const { message } = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toContain(name);
  });
});

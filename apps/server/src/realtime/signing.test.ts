import { describe, expect, it } from 'vitest';
import { channelAuth, constantTimeEqual, httpStringToSign, md5Hex, signHttpRequest, verifyChannelAuth } from './signing.ts';

// The published examples of the Pusher Channels documentation (authorisation and HTTP API signing).
const key = '278d425bdf160c739803';
const secret = '7ad3773142a6692b25b8';

describe('Pusher protocol signatures', () => {
  it('signs a private channel as the documentation example does', () => {
    expect(channelAuth(key, secret, '1234.1234', 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('accepts that auth and refuses a forged one, another socket or another channel', () => {
    const auth = channelAuth(key, secret, '1234.1234', 'private-foobar');
    expect(verifyChannelAuth(key, secret, '1234.1234', 'private-foobar', auth)).toBe(true);
    expect(verifyChannelAuth(key, secret, '1234.1235', 'private-foobar', auth)).toBe(false);
    expect(verifyChannelAuth(key, secret, '1234.1234', 'private-foobaz', auth)).toBe(false);
    expect(verifyChannelAuth(key, secret, '1234.1234', 'private-foobar', `${auth.slice(0, -1)}0`)).toBe(false);
    expect(verifyChannelAuth(key, secret, '1234.1234', 'private-foobar', `${key}:`)).toBe(false);
    expect(verifyChannelAuth(key, secret, '1234.1234', 'private-foobar', undefined)).toBe(false);
  });

  it('signs an HTTP API request as the documentation example does', () => {
    const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f');
    const params = { auth_key: key, auth_timestamp: '1353088179', auth_version: '1.0', body_md5: md5Hex(body) };
    expect(httpStringToSign('POST', '/apps/3/events', params)).toBe(
      'POST\n/apps/3/events\nauth_key=278d425bdf160c739803&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f',
    );
    expect(signHttpRequest(secret, 'POST', '/apps/3/events', params)).toBe(
      'da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c',
    );
    // auth_signature itself is never part of what is signed; order of parameters does not matter.
    expect(
      signHttpRequest(secret, 'POST', '/apps/3/events', {
        auth_signature: 'x',
        body_md5: params.body_md5,
        auth_version: '1.0',
        auth_timestamp: '1353088179',
        auth_key: key,
      }),
    ).toBe('da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c');
  });

  it('compares in constant time, including different lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});

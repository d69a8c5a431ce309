// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { inviteeOperations } from '@hireloop/contract/operations/invitations';
import { notificationOperations } from '@hireloop/contract/operations/notifications';
import { teamOperations } from '@hireloop/contract/operations/teams';
import { ApiError, setOrganisationSource } from './api-client';
import { call, positions } from './operations';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body?: unknown): void {
  fetchMock.mockResolvedValueOnce(new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

function lastCall(): { url: string; init: RequestInit } {
  const made = fetchMock.mock.calls.at(-1);
  if (!made) throw new Error('fetch was not called');
  return { url: decodeURIComponent(String(made[0])), init: made[1] ?? {} };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setOrganisationSource(() => 'org-1');
  document.cookie = 'XSRF-TOKEN=tok%3D1';
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('call', () => {
  it('fills in the current organisation and the params, with the trailing slash of a plain GET and the query', async () => {
    respond(200, { team: { id: 't/1' } });
    await call(teamOperations.get, { params: { teamId: 't/1' } });
    expect(lastCall().url).toBe('/api/v1/organisation/org-1/teams/t/1/');
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('teams/t%2F1/');

    respond(200, { teams: { data: [], meta: {} } });
    await call(teamOperations.list, { query: { page: 2, sort: '-name', filter: { kind: 'client' } } });
    expect(lastCall().url).toBe('/api/v1/organisation/org-1/teams/?page=2&sort=-name&filter[kind]=client');
  });

  it('sends the body as JSON with the anti-forgery header and answers the parsed body', async () => {
    respond(201, { team: { id: 't1', name: 'Design' } });
    const answer = await call(teamOperations.create, { body: { name: 'Design' } });
    expect(answer.team.name).toBe('Design');
    const { url, init } = lastCall();
    expect(url).toBe('/api/v1/organisation/org-1/teams');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Design"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'x-xsrf-token': 'tok=1' });
  });

  it('uploads a form as multipart', async () => {
    respond(200, { team: { id: 't1' } });
    const form = new FormData();
    form.append('logo', new Blob(['x']), 'logo.png');
    await call(teamOperations.uploadLogo, { params: { teamId: 't1' }, form });
    expect(lastCall().init.body).toBe(form);
  });

  it('calls a path without organisation as it is, and a 204 answers nothing', async () => {
    setOrganisationSource(() => null);
    respond(204);
    await expect(call(notificationOperations.markAllRead)).resolves.toBeUndefined();
    expect(lastCall().url).toBe('/api/v1/notifications/');
    respond(200, { invitation: {} });
    await call(inviteeOperations.preview, { params: { token: 'abc' } });
    expect(lastCall().url).toBe('/api/v1/invitations/abc/');
  });

  it('refuses an organisation operation without a current organisation, before any request', async () => {
    setOrganisationSource(() => null);
    await expect(call(teamOperations.list)).rejects.toThrow(ERROR_TEXTS.noBusinessSet);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns an error answer into an ApiError with the field errors', async () => {
    respond(422, { message: 'The given data was invalid.', code: 'validation_failed', errors: { sort: ['Sort by one of name.'] } });
    const error = await call(teamOperations.list, { query: { sort: 'name' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', errors: { sort: ['Sort by one of name.'] } });
  });
});

describe('positions', () => {
  it('counts from 1 for the server', () => {
    expect(positions(0, 2)).toEqual({ original: 1, new: 3 });
  });
});

import { describe, expect, it } from 'vitest';
import { googleSignInUrl, loginUrlFor, safeRedirect } from './sign-in.ts';

describe('safeRedirect', () => {
  it('follows paths on this site', () => {
    expect(safeRedirect('/jobs')).toBe('/jobs');
    expect(safeRedirect('/recruitment/7/candidates?stage=2#notes')).toBe('/recruitment/7/candidates?stage=2#notes');
  });

  it('refuses anything that could leave the site, and falls back to the dashboard', () => {
    for (const value of [
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/%2f%2fevil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirect(value)).toBe('/dashboard');
    }
  });

  it('never goes back to the login page', () => {
    expect(safeRedirect('/login?redirect=%2Fjobs')).toBe('/dashboard');
  });
});

describe('sign-in URLs', () => {
  it('hands the asked page to the server as return_to', () => {
    expect(googleSignInUrl('/jobs?x=1')).toBe('/api/v1/auth/google/redirect?return_to=%2Fjobs%3Fx%3D1');
    expect(googleSignInUrl('/get-started')).toBe('/api/v1/auth/google/redirect?return_to=%2Fget-started');
  });

  it('sends the guard to /login with the asked path', () => {
    expect(loginUrlFor('/jobs')).toBe('/login?redirect=%2Fjobs');
    expect(loginUrlFor('//evil.example')).toBe('/login');
  });
});

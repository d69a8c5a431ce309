import { z } from 'zod';
import { authResponse, switchOrganisationBody } from '../auth.ts';
import { errorResponse } from '../error-response.ts';
import { fileResponse } from './file-response.ts';
import { defineOperation } from './operation.ts';

const tags = ['auth'];

/** The page a refused sign-in shows (HTML, not JSON: the browser arrived by a redirect). */
const signInFailedPage = fileResponse('text/html', 'Sign-in failed: a page with the reason and a link back to log in');

/** A redirect: no body, the `Location` header says where to. */
const redirect = (description: string) => z.null().optional().meta({ description });

/** Sessions: the anti-forgery cookie, the signed-in user, signing out, switching organisation, Google sign-in (OIDC). */
export const authOperations = {
  csrfCookie: defineOperation({
    method: 'GET',
    path: 'auth/init/csrf-cookie',
    tags,
    summary: 'Sets the XSRF-TOKEN cookie to echo as X-XSRF-TOKEN',
    responses: { 204: z.null() },
  }),
  get: defineOperation({
    method: 'GET',
    path: 'auth',
    tags,
    summary: 'The signed-in user and their organisations (current first)',
    responses: { 200: authResponse, 401: errorResponse },
  }),
  signOut: defineOperation({
    method: 'DELETE',
    path: 'auth',
    tags,
    summary: 'Signs out: ends the session on the server',
    responses: { 204: z.null() },
  }),
  switchOrganisation: defineOperation({
    method: 'PUT',
    path: 'auth/current-organisation',
    tags,
    summary: 'Switches the current organisation (persisted)',
    body: switchOrganisationBody,
    responses: { 200: authResponse, 401: errorResponse, 404: errorResponse, 422: errorResponse },
  }),
  googleRedirect: defineOperation({
    method: 'GET',
    path: 'auth/google/redirect',
    tags,
    summary: 'Starts Google sign-in (OIDC code flow with PKCE)',
    query: z.object({ return_to: z.string().optional() }),
    responses: { 302: redirect('To Google’s sign-in page'), 400: signInFailedPage, 429: errorResponse },
  }),
  googleCallback: defineOperation({
    method: 'GET',
    path: 'auth/google/callback',
    tags,
    summary: 'Google redirects back here; starts the session',
    responses: {
      302: redirect('Signed in: to the page asked for (same site only) or /get-started'),
      400: signInFailedPage,
      429: errorResponse,
    },
  }),
};

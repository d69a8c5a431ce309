import { API_BASE_PATH } from '@hireloop/contract/constants';

/** `/api/v1/{path}`; with a query, see buildUrl in api-url.ts. */
export function apiPath(path: string): string {
  return `${API_BASE_PATH}/${path.replace(/^\/+/, '')}`;
}

import { XSRF_COOKIE, XSRF_HEADER } from '@hireloop/contract/constants';
import { ERROR_TEXTS } from '@hireloop/contract/errors';
import { ApiError, errorFromResponse, readCookie } from './api-client.ts';
import { apiPath } from './api-path.ts';

/**
 * POST one file as multipart `file` to `/api/v1/{path}` through XMLHttpRequest, the one browser
 * API that reports upload progress (`onProgress` gets 0..1). Same envelope, cookies and XSRF
 * header as the fetch client; a refusal rejects with an ApiError carrying the server's message.
 * `fields` go in the form before the file (e.g. a candidate file's kind).
 */
export function uploadWithProgress<T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  fields: Record<string, string> = {},
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiPath(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie(XSRF_COOKIE);
    if (token !== null) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(ERROR_TEXTS.generic, 0, 'network_error'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          onProgress(1);
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(ERROR_TEXTS.generic, xhr.status, 'invalid_response'));
        }
        return;
      }
      reject(errorFromResponse(xhr.status, xhr.responseText));
    };
    xhr.send(form);
  });
}

import { errorResponse } from '@hireloop/contract/error-response';
import type { ErrorResponse } from '@hireloop/contract/errors';
import type { AnyOperation, BodyInput, PathParams, QueryInput, SuccessBody } from '@hireloop/contract/operations/operation';
import { operationPath } from '@hireloop/contract/operations/path';
import qs from 'qs';
import type { z } from 'zod';
import type { Client } from './harness.ts';

/** What a test sends to an operation: every path param (the organisation's too), the query, the body, extra headers. */
export type OperationInput<O extends AnyOperation> = {
  params: PathParams<O['path']>;
  query?: QueryInput<O>;
  body?: BodyInput<O>;
  headers?: Record<string, string>;
  xsrf?: boolean;
};

/**
 * The answer, parsed with the operation's schema of its status, or an error the app gives every route
 * (the organisation scope's 401/403/404, 419, 429) in the error envelope. `expectStatus` and `expectOk`
 * give one status's body typed.
 */
export type OperationAnswer<O extends AnyOperation> = {
  status: number;
  headers: Headers;
  text: string;
  json: z.output<O['responses'][keyof O['responses'] & number]> | ErrorResponse;
};

/**
 * Calls an operation of the contract as `client` (docs/architecture.md §12, decision 014) and parses the answer with the
 * schema of its status: an answer the contract does not describe (another status, another shape) fails the test here.
 */
export async function callOperation<O extends AnyOperation>(
  client: Client,
  operation: O,
  input: OperationInput<O>,
): Promise<OperationAnswer<O>> {
  const search = input.query === undefined ? '' : qs.stringify(input.query, { skipNulls: true });
  const path = `/api/v1/${operationPath(operation, input.params)}${search === '' ? '' : `?${search}`}`;
  const res = await client.request(operation.method, path, {
    ...(input.body === undefined ? {} : { body: input.body }),
    ...(input.headers === undefined ? {} : { headers: input.headers }),
    ...(input.xsrf === undefined ? {} : { xsrf: input.xsrf }),
  });
  // Errors the app gives every route (the organisation scope's 401/403/404, 419, 429) are in the one envelope.
  const schema: z.ZodType | undefined = operation.responses[res.status] ?? (res.status >= 400 ? errorResponse : undefined);
  if (!schema)
    throw new Error(`${operation.method} ${path} answered ${res.status}, which the contract does not describe: ${res.text.slice(0, 300)}`);
  const parsed = schema.safeParse(res.status === 204 ? null : res.json);
  if (!parsed.success) throw new Error(`${operation.method} ${path} answered ${res.status} outside its schema: ${parsed.error.message}`);
  return { status: res.status, headers: res.headers, text: res.text, json: parsed.data } as OperationAnswer<O>;
}

/** Calls an operation that must answer `status` and gives that answer's body, typed and parsed with its schema; another status fails the test with its text. */
export async function expectStatus<O extends AnyOperation, S extends keyof O['responses'] & number>(
  client: Client,
  operation: O,
  status: S,
  input: OperationInput<O>,
): Promise<z.output<O['responses'][S]>> {
  const res = await callOperation(client, operation, input);
  if (res.status !== status)
    throw new Error(`${operation.method} ${operation.path} answered ${res.status}, not ${status}: ${res.text.slice(0, 300)}`);
  return res.json as z.output<O['responses'][S]>;
}

/** Calls an operation that must succeed (2xx) and gives its body, typed and parsed; any other answer fails the test with its text. */
export async function expectOk<O extends AnyOperation>(client: Client, operation: O, input: OperationInput<O>): Promise<SuccessBody<O>> {
  const res = await callOperation(client, operation, input);
  if (res.status < 200 || res.status > 299)
    throw new Error(`${operation.method} ${operation.path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return (res.status === 204 ? undefined : res.json) as SuccessBody<O>;
}

import type { AnyOperation, BodyInput, PathParamNames, QueryInput, SuccessBody } from '@hireloop/contract/operations/operation';
import { operationPath } from '@hireloop/contract/operations/path';
import { request, requireCurrentOrganisation } from './api-client.ts';

/** The path params the caller gives: all but `organisationId`, which is the current organisation. */
type OwnParamNames<O extends AnyOperation> = Exclude<PathParamNames<O['path']>, 'organisationId'>;

type ParamsInput<O extends AnyOperation> = [OwnParamNames<O>] extends [never]
  ? { params?: undefined }
  : { params: Record<OwnParamNames<O>, string> };
type QueryPart<O extends AnyOperation> = O['query'] extends undefined ? { query?: undefined } : { query?: QueryInput<O> };
type BodyPart<O extends AnyOperation> = O['body'] extends undefined
  ? { body?: undefined }
  : undefined extends BodyInput<O>
    ? { body?: BodyInput<O> }
    : { body: BodyInput<O> };

/** What a call of the operation takes: its own path params, its query, its body, or a form (uploads, multipart). */
export type CallInput<O extends AnyOperation> = ParamsInput<O> & QueryPart<O> & BodyPart<O> & { form?: FormData };

/**
 * Calls an operation of the contract (docs/architecture.md §11, decision 014): the path from its
 * description with the params filled in (`{organisationId}` is the current organisation), through
 * api-client.ts's request (errors as ApiError, the anti-forgery header, the
 * trailing slash of plain GET and DELETE). The answer is typed from the operation's 2xx schema and
 * not parsed again here: the server already sends only what that schema allows (decision 014).
 */
export async function call<O extends AnyOperation>(
  operation: O,
  ...[input]: object extends CallInput<O> ? [input?: CallInput<O>] : [input: CallInput<O>]
): Promise<SuccessBody<O>> {
  const given: { params?: Record<string, string>; query?: unknown; body?: unknown; form?: FormData } = input ?? {};
  const organisationId = operation.path.includes('{organisationId}') ? requireCurrentOrganisation() : undefined;
  const path = operationPath(operation, { ...given.params, organisationId });
  return request<SuccessBody<O>>(operation.method, path, {
    ...(given.query === undefined ? {} : { query: given.query as Record<string, unknown> }),
    ...(given.body === undefined ? {} : { body: given.body }),
    ...(given.form === undefined ? {} : { form: given.form }),
  });
}

/** A reorder body from list indexes: the server counts positions from 1, lists here from 0 (docs/product.md §8). */
export function positions(originalIndex: number, newIndex: number): { original: number; new: number } {
  return { original: originalIndex + 1, new: newIndex + 1 };
}

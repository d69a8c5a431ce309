import { z } from 'zod';
import { PATH_PARAM } from './path.ts';

/**
 * One API operation described once (docs/architecture.md §11, decision 014): method, path, the
 * schemas of its params, query, body and responses by status, and its documentation. The server
 * registers its route from it (apps/server/src/http/route.ts), the web calls it
 * (apps/web/src/lib/operations.ts) and the API tests call it (apps/server/test/operations.ts).
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `organisation/{organisationId}/teams/{teamId}` → `'organisationId' | 'teamId'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** The params of a path: each `{name}` a string. */
export type PathParams<P extends string> = { [K in PathParamNames<P>]: string };

/** The schema of a path's params; undefined for a path without any. */
export type ParamsSchema<P extends string> = [PathParamNames<P>] extends [never] ? undefined : z.ZodType<PathParams<P>>;

/** A response schema per HTTP status (`z.null()` for 204). */
export type Responses = Record<number, z.ZodType>;

export type OperationSpec<
  M extends HttpMethod,
  P extends string,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends Responses,
> = {
  method: M;
  /** Below /api/v1, without a leading slash; `{name}` marks a path param. */
  path: P;
  query?: Q;
  body?: B;
  responses: R;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Request content types other than JSON, e.g. `['multipart/form-data']` for an upload. */
  consumes?: readonly string[];
};

export type Operation<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends Responses = Responses,
> = Readonly<OperationSpec<M, P, Q, B, R>> & {
  /** The path's params as a schema (each a string), or undefined for a path without any. */
  readonly params: ParamsSchema<P>;
  /** The names of the path's params, in order. */
  readonly paramNames: readonly PathParamNames<P>[];
  readonly query: Q;
  readonly body: B;
};

/** An operation of any shape (for functions that take every operation). */
export type AnyOperation = Readonly<OperationSpec<HttpMethod, string, z.ZodType | undefined, z.ZodType | undefined, Responses>> & {
  readonly params: z.ZodType | undefined;
  readonly paramNames: readonly string[];
  readonly query: z.ZodType | undefined;
  readonly body: z.ZodType | undefined;
};

/** Describes an operation; refuses a path that is not `segment/{param}/…` (a mistake found at start, not at the first call). */
export function defineOperation<
  const M extends HttpMethod,
  const P extends string,
  const R extends Responses,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(spec: OperationSpec<M, P, Q, B, R>): Operation<M, P, Q, B, R> {
  const { path } = spec;
  if (path.startsWith('/') || path.endsWith('/') || path.includes(':') || path.replace(PATH_PARAM, 'x').match(/[{}]/)) {
    throw new Error(`Operation path "${path}": write it below /api/v1 without leading or trailing slash, params as {name}.`);
  }
  const paramNames = [...path.matchAll(PATH_PARAM)].map((m) => m[1]) as PathParamNames<P>[];
  if (new Set(paramNames).size !== paramNames.length) throw new Error(`Operation path "${path}" names a param twice.`);
  const params = (
    paramNames.length === 0 ? undefined : z.object(Object.fromEntries(paramNames.map((name) => [name, z.string()])))
  ) as ParamsSchema<P>;
  return { ...spec, params, paramNames, query: spec.query as Q, body: spec.body as B };
}

/** The 2xx statuses of an operation. */
type SuccessStatus<R extends Responses> = Extract<keyof R, 200 | 201 | 202 | 204>;

/** What a successful call answers: the 2xx schemas' output; a 204 answers nothing. */
export type SuccessBody<O extends AnyOperation> = {
  [S in SuccessStatus<O['responses']>]: S extends 204 ? undefined : z.output<O['responses'][S]>;
}[SuccessStatus<O['responses']>];

/** The body an operation takes, as the caller writes it (defaults not yet applied). */
export type BodyInput<O extends AnyOperation> = O['body'] extends z.ZodType ? z.input<O['body']> : never;

/** The query an operation takes, as the caller writes it. */
export type QueryInput<O extends AnyOperation> = O['query'] extends z.ZodType ? z.input<O['query']> : never;

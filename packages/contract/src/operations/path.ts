/** `{name}` in an operation's path. Kept apart from operation.ts so that a caller that only fills paths in loads no zod. */
export const PATH_PARAM = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

/** Fills the path's params in (each encoded): `organisation/{organisationId}/teams` → `organisation/o1/teams`. */
export function operationPath(
  operation: { readonly method: string; readonly path: string },
  params: Readonly<Record<string, string | undefined>>,
): string {
  return operation.path.replace(PATH_PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${operation.method} ${operation.path}: the path param ${name} is missing.`);
    return encodeURIComponent(value);
  });
}

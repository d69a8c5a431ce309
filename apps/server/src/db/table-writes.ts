import path from 'node:path';
import ts from 'typescript';

/**
 * Finds the writes to tables in a server source file, for the table-owner check
 * (db/table-owners.test.ts, docs/architecture.md §6). Parsed with the TypeScript compiler, no type
 * information: a Drizzle `.insert(t)`, `.update(t)` or `.delete(t)` counts when `t` is a table imported
 * from db/schema/ (named or through a namespace import); raw SQL counts inside `sql` templates
 * (`insert into x`, `update x`, `delete from x`, a `${table}` placeholder standing for its table).
 * Not seen: a table passed around in a variable or parameter before it is written.
 */

/** One write: `table` is null when the SQL names its table at run time (`insert into ${sql.raw(name)}`). */
export type TableWrite = { table: string | null; line: number; how: string };

/** Every table a schema file defines, by export: `export const users = pgTable('users', …)` → users → users. */
export function tablesDefinedIn(fileName: string, text: string): Map<string, string> {
  const found = new Map<string, string>();
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (!ts.isIdentifier(declaration.name) || !init || !ts.isCallExpression(init)) continue;
      const callee = ts.isPropertyAccessExpression(init.expression) ? init.expression.expression : init.expression;
      const name = init.arguments[0];
      if (ts.isIdentifier(callee) && callee.text === 'pgTable' && name && ts.isStringLiteralLike(name))
        found.set(declaration.name.text, name.text);
    }
  }
  return found;
}

const WRITE_CALLS = new Set(['insert', 'update', 'delete']);
/** A table name as SQL writes it (bare, quoted or schema-qualified), or the mark of a placeholder that is not a table. */
const NAME = String.raw`(?:"?public"?\.)?(?:"([a-z_][a-z0-9_]*)"|([a-z_][a-z0-9_]*)|(\u0001))`;
const RAW_WRITES: Array<{ how: string; pattern: RegExp }> = [
  { how: 'insert into', pattern: new RegExp(String.raw`\binsert\s+into\s+${NAME}`, 'gi') },
  // Not `for update`, `for no key update`, `do update set` (an upsert of the insert before it) or `on update`.
  { how: 'update', pattern: new RegExp(String.raw`(?<!\b(?:for|key|do|on)\s+)\bupdate\s+(?:only\s+)?${NAME}`, 'gi') },
  { how: 'delete from', pattern: new RegExp(String.raw`\bdelete\s+from\s+(?:only\s+)?${NAME}`, 'gi') },
];
const SQL_WORDS = new Set(['set', 'of', 'skip', 'nowait']);

/**
 * The writes in one file. `file` is its path relative to `apps/server/src` (`features/auth/repository.ts`);
 * `schema` maps each schema module, by the same kind of path (`db/schema/users.ts`), to its tables.
 */
export function tableWritesIn(file: string, text: string, schema: ReadonlyMap<string, ReadonlyMap<string, string>>): TableWrite[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const named = new Map<string, string>(); // local name → table
  const namespaces = new Map<string, ReadonlyMap<string, string>>(); // local namespace → its module's tables
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.')) continue;
    const tables = schema.get(path.posix.join(path.posix.dirname(file), specifier));
    const bindings = statement.importClause?.namedBindings;
    if (!tables || !bindings) continue;
    if (ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, tables);
    else
      for (const element of bindings.elements) {
        const table = tables.get((element.propertyName ?? element.name).text);
        if (table) named.set(element.name.text, table);
      }
  }
  const tableOf = (node: ts.Expression): string | undefined => {
    if (ts.isIdentifier(node)) return named.get(node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression))
      return namespaces.get(node.expression.text)?.get(node.name.text);
    return undefined;
  };
  const knownTables = new Set([...schema.values()].flatMap((tables) => [...tables.values()]));

  const writes: TableWrite[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITE_CALLS.has(node.expression.name.text)) {
      const first = node.arguments[0];
      const table = first && tableOf(first);
      if (table) writes.push({ table, line: lineOf(node.expression.name), how: `.${node.expression.name.text}()` });
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      const template = node.template;
      // A placeholder that is a table renders as its name; any other as a mark the patterns see as "some table".
      const text = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : template.head.text +
          template.templateSpans.map((span) => ` ${tableOf(span.expression) ?? '\u0001'} ${span.literal.text}`).join('');
      for (const { how, pattern } of RAW_WRITES)
        for (const match of text.matchAll(pattern)) {
          const name = (match[1] ?? match[2])?.toLowerCase();
          if (name !== undefined && !knownTables.has(name) && SQL_WORDS.has(name)) continue;
          writes.push({ table: name ?? null, line: lineOf(node), how: `sql ${how}` });
        }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return writes;
}

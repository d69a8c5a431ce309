import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Inside a raw subquery, a column written as `${table.column}` may render without its table and bind
 * to the inner table's column of the same name (see outer() in sql.ts). Every table column a raw SQL
 * template names after its first subquery opens goes through outer().
 */
describe('raw subqueries', () => {
  it('name every outer column through outer()', () => {
    const tables = new Set(
      sourceFiles(path.join(src, 'db', 'schema')).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map((t) => t[1]!),
      ),
    );
    expect(tables.size).toBeGreaterThan(20);
    const offenders: string[] = [];
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/sql(?:<[^>]*>)?`([^`]*)`/g)) {
        const body = m[1]!;
        const opens = body.search(/\(\s*select\b|\bexists\s*\(/i);
        if (opens < 0) continue;
        for (const bare of body.slice(opens).matchAll(/\$\{\s*([a-zA-Z_]\w*)\.([a-zA-Z_]\w*)\s*\}/g)) {
          if (!tables.has(bare[1]!)) continue;
          const line = text.slice(0, (m.index ?? 0) + opens).split('\n').length;
          offenders.push(`${path.relative(src, file)}:${line} \${${bare[1]}.${bare[2]}}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});

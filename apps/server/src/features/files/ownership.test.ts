import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWNER = 'features/files/repository.ts';

/** Drizzle writes (`insert(storedFiles)`, …) and raw SQL ones (`delete from stored_files`, …). */
const WRITES = [/\b(insert|update|delete)\(\s*storedFiles\s*\)/, /\b(insert\s+into|update|delete\s+from)\s+stored_files\b/i];

function writesStoredFiles(source: string): boolean {
  return WRITES.some((write) => write.test(source));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('stored_files has one writer (docs/architecture.md §6)', () => {
  it('finds a write however it is spelt, and not a read', () => {
    expect(writesStoredFiles('await db.insert(storedFiles).values(row);')).toBe(true);
    expect(writesStoredFiles('db.delete( storedFiles ).where(x)')).toBe(true);
    expect(writesStoredFiles('db.execute(sql`DELETE FROM stored_files where id = ${id}`)')).toBe(true);
    expect(writesStoredFiles('sql`update stored_files set size = 0`')).toBe(true);
    expect(writesStoredFiles('db.select().from(storedFiles).leftJoin(storedFiles, eq(storedFiles.id, x))')).toBe(false);
  });

  it('is written only by the files feature’s repository; other features call the files service', () => {
    const writers = sources(src)
      .filter((file) => writesStoredFiles(readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file).split(path.sep).join('/'));
    expect(writers).toEqual([OWNER]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every request a person starts (button, menu item, switch, keyboard shortcut, confirmation) runs at
 * most once at a time: see apps/web/src/lib/submit-once.ts. This test reads the web app's source and
 * fails on a `mutate(`/`mutateAsync(` call that does not go through it, so that a new screen cannot
 * skip the guard. A call counts as guarded when a function around it is
 *   - the action given to useSubmitOnce (or to a hook built on it: GUARDING_HOOKS), or
 *   - given to a prop that guards it (GUARDING_PROPS: ConfirmModal's onConfirm, ActionButton's action…), or
 *   - a named function that is itself given there, or called from such a function.
 * `mutate(` (fire and forget) is never guarded. A call that is not a person's click (a drag that
 * reorders, a value saved as it changes) says so on the line above:
 *   // submit-once: exempt — <why a repeat is harmless>
 * The components and hooks listed as guards are read too: in their own file, every use of the prop
 * (or parameter) goes through a guard, so that listing one cannot stand in for guarding it.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));
const EXEMPT = /\/\/ submit-once: exempt — \S/;

/** Props whose function the component runs through useSubmitOnce (checked in each component's file). */
const GUARDING_PROPS: Record<string, string[]> = {
  ConfirmModal: ['onConfirm'],
  ConfirmChangeModal: ['onConfirm'],
  ActionButton: ['action'],
  MentionComposer: ['onSubmit'],
  ProductOffer: ['onSubscribe'],
  MultiStepForm: ['onSubmit'],
  OfferForm: ['onSubmit'],
  TeamFormModal: ['onSubmit'],
  ImageUploadField: ['onUpload', 'onRemove'],
};

/** Hooks built on useSubmitOnce that run their first argument through it, by that parameter's name (checked in each hook's file). */
const GUARDING_HOOKS: Record<string, string> = {
  useConfirmAction: 'onConfirm',
};

/** useSubmitOnce itself, and the hooks built on it: their first argument is guarded. */
const GUARD_HOOK_NAMES = new Set(['useSubmitOnce', ...Object.keys(GUARDING_HOOKS)]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

type Fn = ts.FunctionLikeDeclaration;

function isFunction(node: ts.Node): node is Fn {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node);
}

function nameOf(fn: Fn): string | null {
  if (ts.isFunctionDeclaration(fn) && fn.name) return fn.name.text;
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return null;
}

/** The element name of a JSX attribute's owner: `<ConfirmModal onConfirm={…}>` → ConfirmModal. */
function ownerOf(attribute: ts.JsxAttribute): string {
  const element = attribute.parent.parent;
  return ts.isJsxSelfClosingElement(element) || ts.isJsxOpeningElement(element) ? element.tagName.getText() : '';
}

/** Is `node` (a function, or an expression naming one) handed to something that guards it? */
function handedToGuard(node: ts.Node): boolean {
  let at = node;
  // `() => void run()` / `(x) => perform(x)` wrappers and `run.bind` are not needed; a plain position check.
  while (ts.isParenthesizedExpression(at.parent) || ts.isAsExpression(at.parent)) at = at.parent;
  const parent = at.parent;
  if (ts.isCallExpression(parent) && parent.arguments[0] === at && GUARD_HOOK_NAMES.has(parent.expression.getText())) return true;
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) {
    const attribute = parent.parent;
    return (GUARDING_PROPS[ownerOf(attribute)] ?? []).includes(attribute.name.getText());
  }
  return false;
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

function nodesOf<T extends ts.Node>(source: ts.SourceFile, test: (node: ts.Node) => node is T): T[] {
  const found: T[] = [];
  const visit = (node: ts.Node) => {
    if (test(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function enclosing(node: ts.Node): Fn[] {
  const found: Fn[] = [];
  for (let at = node.parent; at; at = at.parent) if (isFunction(at)) found.push(at);
  return found;
}

/** The file's guarded functions, to a fixed point: handed to a guard directly or by name, or called by name from a guarded one. */
function guardedFunctions(source: ts.SourceFile): Set<Fn> {
  const functions = nodesOf(source, isFunction);
  const identifiers = nodesOf(source, ts.isIdentifier);
  const guarded = new Set<Fn>(functions.filter((fn) => handedToGuard(fn)));
  for (let grew = true; grew;) {
    grew = false;
    for (const fn of functions) {
      if (guarded.has(fn)) continue;
      const name = nameOf(fn);
      if (name === null) continue;
      const uses = identifiers.filter((id) => id.text === name && id !== (fn.name ?? (fn.parent as ts.VariableDeclaration).name));
      const guardedUse = uses.some(
        (id) =>
          handedToGuard(id) ||
          (ts.isCallExpression(id.parent) && id.parent.expression === id && enclosing(id).some((outer) => guarded.has(outer))),
      );
      if (guardedUse) {
        guarded.add(fn);
        grew = true;
      }
    }
  }
  return guarded;
}

function problems(file: string, text = readFileSync(file, 'utf8')): string[] {
  if (!/\bmutate(Async)?\b/.test(text)) return [];
  const source = parse(file, text);
  const calls = nodesOf(
    source,
    (node): node is ts.CallExpression =>
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      (node.expression.name.text === 'mutate' || node.expression.name.text === 'mutateAsync'),
  );
  if (calls.length === 0) return [];
  const guarded = guardedFunctions(source);

  const lines = text.split('\n');
  return calls.flatMap((call) => {
    const { line } = source.getLineAndCharacterOfPosition(call.getStart());
    const where = `${relative(SRC, file)}:${line + 1}`;
    const above = lines.slice(Math.max(0, line - 3), line + 1).join('\n');
    if (EXEMPT.test(above)) return [];
    const method = (call.expression as ts.PropertyAccessExpression).name.text;
    if (method === 'mutate') return [`${where}: mutate() fires and forgets; use mutateAsync through useSubmitOnce or ActionButton`];
    if (enclosing(call).some((fn) => guarded.has(fn))) return [];
    return [`${where}: mutateAsync() outside useSubmitOnce (or a guarding prop: ${Object.keys(GUARDING_PROPS).join(', ')})`];
  });
}

/**
 * The places a file reads the prop (or parameter) `name`: `onSubmit`, `props.onSubmit`, `{ onSubmit }`.
 * Where it is declared or named is not a use: its type, the destructuring, a JSX attribute's name,
 * another object's member (`form.onSubmit`).
 */
function usesOf(source: ts.SourceFile, name: string): ts.Node[] {
  return nodesOf(source, ts.isIdentifier).flatMap((id): ts.Node[] => {
    if (id.text !== name) return [];
    const parent = id.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.name === id) return parent.expression.getText() === 'props' ? [parent] : [];
    if (ts.isShorthandPropertyAssignment(parent)) return [id];
    if (ts.isBindingElement(parent) && parent.propertyName === id) return [];
    if ((parent as ts.Node & { name?: ts.Node }).name === id) return [];
    return [id];
  });
}

/** In a guard's file: each use of `name` that does not go through a guard; one problem too when it is never used. */
function propProblems(file: string, text: string, name: string): string[] {
  const source = parse(file, text);
  const uses = usesOf(source, name);
  if (uses.length === 0) return [`${relative(SRC, file)}: ${name} is never used, so it is not guarded`];
  const guarded = guardedFunctions(source);
  return uses
    .filter((use) => !handedToGuard(use) && !enclosing(use).some((fn) => guarded.has(fn)))
    .map(
      (use) => `${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(use.getStart()).line + 1}: ${name} is used outside a guard`,
    );
}

describe('every mutating control runs its request once at a time', () => {
  it('has no mutate()/mutateAsync() call outside useSubmitOnce', { timeout: 60_000 }, () => {
    expect(sourceFiles(SRC).flatMap((file) => problems(file))).toEqual([]);
  });

  it('the guarding props and hooks are guarded in their own files', () => {
    const files = sourceFiles(SRC);
    const guards: Array<[string, string[]]> = [
      ...Object.entries(GUARDING_PROPS),
      ...Object.entries(GUARDING_HOOKS).map(([hook, parameter]): [string, string[]] => [hook, [parameter]]),
    ];
    for (const [guard, names] of guards) {
      const file = files.find((f) => new RegExp(`export function ${guard}\\b`).test(readFileSync(f, 'utf8')));
      expect(file, `${guard} is defined`).toBeDefined();
      const text = readFileSync(file!, 'utf8');
      for (const name of names) expect(propProblems(file!, text, name), `${guard}'s ${name}`).toEqual([]);
    }
  });

  it('catches an unguarded click handler, and accepts the guarded forms', () => {
    // The checker itself, on small screens: a guard that cannot fail would prove nothing.
    const check = (code: string) => problems(join(SRC, 'probe.tsx'), code);
    expect(check(`const A = () => <Button onClick={() => save.mutate(1)} />;`)).toHaveLength(1);
    expect(check(`const A = () => <Button onClick={() => void save.mutateAsync(1)} />;`)).toHaveLength(1);
    expect(
      check(`function A() { async function go() { await save.mutateAsync(1); } return <Button onClick={() => void go()} />; }`),
    ).toHaveLength(1);
    expect(
      check(
        `function A() { const go = () => save.mutateAsync(1); const s = useSubmitOnce(async () => 1); return <B onClick={go} s={s} />; }`,
      ),
    ).toHaveLength(1);
    expect(check(`const A = () => <Other onConfirm={() => save.mutateAsync(1)} />;`)).toHaveLength(1);

    expect(
      check(
        `function A() { const s = useSubmitOnce(() => save.mutateAsync(1), save.isPending); return <Button onClick={() => void s.run()} />; }`,
      ),
    ).toEqual([]);
    expect(check(`function A() { async function go() { await save.mutateAsync(1); } const s = useSubmitOnce(go); return s; }`)).toEqual([]);
    expect(
      check(`function A() { const inner = () => save.mutateAsync(1); const s = useSubmitOnce(async () => { await inner(); }); return s; }`),
    ).toEqual([]);
    expect(check(`const A = () => <ConfirmModal onConfirm={async () => { await save.mutateAsync(1); }} />;`)).toEqual([]);
    expect(check(`const A = () => <ActionButton action={() => save.mutateAsync(1)}>Save</ActionButton>;`)).toEqual([]);
    expect(check(`const A = () => <MultiStepForm onSubmit={async (v) => { await save.mutateAsync(v); }} />;`)).toEqual([]);
    expect(check(`function A() { const c = useConfirmAction(() => save.mutateAsync(1), close, false); return c; }`)).toEqual([]);
    expect(check(`const A = () => <List onMove={(f, t) => reorder.mutate({ f, t })} />;`)).toHaveLength(1);
    expect(
      check(
        `const A = () => (\n  // submit-once: exempt — a drag moves one row; repeating it is harmless\n  <List onMove={(f, t) => reorder.mutate({ f, t })} />\n);`,
      ),
    ).toEqual([]);
  });

  it('catches a guarding component that calls its prop outside the guard', () => {
    const check = (code: string) => propProblems(join(SRC, 'probe.tsx'), code, 'onSave');
    const props = `type P = { onSave: () => Promise<void> };`;
    // Called straight from a click, never used, or guarded on one path only: not a guard.
    expect(check(`${props} export function F({ onSave }: P) { return <Button onClick={() => void onSave()} />; }`)).toHaveLength(1);
    // A JSX attribute's name and another object's member are not uses: here the prop is never used.
    expect(check(`${props} export function F({ onSave }: P) { return <form onSave={form.onSave(x)} />; }`)).toHaveLength(1);
    expect(
      check(
        `${props} export function F({ onSave }: P) { const s = useSubmitOnce(onSave); return <><B onClick={() => void s.run()} /><B onClick={onSave} /></>; }`,
      ),
    ).toHaveLength(1);

    expect(
      check(
        `${props} export function F({ onSave }: P) { const s = useSubmitOnce(async () => { try { await onSave(); } catch { show(); } }); return <B onClick={() => void s.run()} />; }`,
      ),
    ).toEqual([]);
    expect(
      check(
        `${props} export function F(props: P) { async function go() { await props.onSave(); } const s = useSubmitOnce(go); return <B onClick={() => void s.run()} />; }`,
      ),
    ).toEqual([]);
    expect(check(`${props} export function F({ onSave }: P) { return <ConfirmModal onConfirm={onSave} />; }`)).toEqual([]);
  });
});

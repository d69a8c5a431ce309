import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export type JsFile = { name: string; rawBytes: number; gzipBytes: number };

export type JsSize =
  | { status: 'measured'; method: 'browser' | 'manifest'; gzipBytes: number; files: JsFile[]; notes: string[] }
  | { status: 'skipped'; reason: string; notes: string[] };

/** Chromium flags from docs/architecture.md §12 (system Chromium, no downloads, no sandbox in containers). */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const gzipFile = (name: string, body: Buffer): JsFile => ({ name, rawBytes: body.length, gzipBytes: gzipSync(body).length });
const sum = (files: JsFile[]) => files.reduce((total, f) => total + f.gzipBytes, 0);

/**
 * Gzipped JavaScript that opening /login loads. Prefers a real browser against the running server
 * (what is actually fetched, lazy chunks included); falls back to Vite's manifest (a static
 * estimate); otherwise skipped, with the entry's size from index.html as a lower bound.
 */
export async function measureLoginJs(baseUrl: string, webDist: string): Promise<JsSize> {
  if (!existsSync(path.join(webDist, 'index.html'))) return { status: 'skipped', reason: 'web app not built', notes: [] };
  const notes: string[] = [];
  const manifest = await readManifest(webDist);
  if (!manifest) notes.push(`no ${path.join('.vite', 'manifest.json')} in the web build (Vite \`build.manifest\` is off)`);

  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromiumPath)) {
    const files = await loadedInBrowser(`${baseUrl}/login`, chromiumPath, notes);
    if (manifest) notes.push(`cross-check, static estimate from the manifest: ${kb(sum(manifestFiles(manifest, webDist, notes).files))}`);
    return { status: 'measured', method: 'browser', gzipBytes: sum(files), files, notes };
  }
  notes.push(`chromium not installed at ${chromiumPath} (set CHROMIUM_PATH)`);
  if (manifest) {
    const { files } = manifestFiles(manifest, webDist, notes);
    return { status: 'measured', method: 'manifest', gzipBytes: sum(files), files, notes };
  }
  const entry = await entryFiles(webDist);
  notes.push(`lower bound, entry script and modulepreloads in index.html only: ${kb(sum(entry))} gzipped`);
  return { status: 'skipped', reason: 'chromium not installed', notes };
}

/** Decimal kilobytes, as Vite prints them: the number the web engineer sees at build time. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function loadedInBrowser(url: string, executablePath: string, notes: string[]): Promise<JsFile[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
  try {
    const page = await browser.newPage();
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      const isJs = /\.m?js$/.test(new URL(response.url()).pathname) || type.includes('javascript');
      if (isJs && response.ok() && !bodies.has(response.url())) bodies.set(response.url(), response.body());
    });
    // networkidle: lazy route chunks are fetched after the entry runs.
    const document = await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
    if (!document?.ok()) throw new Error(`${url} answered ${document?.status() ?? 'nothing'}`);
    notes.push(`browser: ${url} rendered with title "${await page.title()}"`);
    const files: JsFile[] = [];
    for (const [responseUrl, body] of bodies) files.push(gzipFile(new URL(responseUrl).pathname, await body));
    return files;
  } finally {
    await browser.close();
  }
}

type ManifestChunk = { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

async function readManifest(webDist: string): Promise<Manifest | undefined> {
  const file = path.join(webDist, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as Manifest) : undefined;
}

/**
 * The entry's static import graph plus the login page's chunk and its static imports. It cannot
 * see other lazy chunks the route renders (a lazy layout, say): the browser method can.
 */
function manifestFiles(manifest: Manifest, webDist: string, notes: string[]): { files: JsFile[] } {
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  entries.forEach(visit);
  const login = Object.keys(manifest).find((key) => /(^|\/)login(-page)?\.[jt]sx?$/i.test(key));
  if (login && manifest[login]?.isDynamicEntry) {
    visit(login);
    notes.push(`manifest: login page chunk is ${manifest[login].file}`);
  } else {
    notes.push('manifest: no separate login chunk (the login page is in the entry graph)');
  }
  const files = [...keys]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => Boolean(file?.endsWith('.js')))
    // A handful of small files read once: sync keeps the graph walk simple.
    .map((file) => gzipFile(`/${file}`, readFileSync(path.join(webDist, file))));
  return { files };
}

/** `<script type="module" src>` and `<link rel="modulepreload" href>` of index.html. */
async function entryFiles(webDist: string): Promise<JsFile[]> {
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const urls = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = attr(tag, 'src');
    if (src && attr(tag, 'type') === 'module') urls.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const href = attr(tag, 'href');
    if (href && attr(tag, 'rel') === 'modulepreload') urls.add(href);
  }
  return Promise.all([...urls].map(async (url) => gzipFile(url, await readFile(path.join(webDist, new URL(url, 'http://x/').pathname)))));
}

/**
 * The Node.js the server runs on: the 24 LTS line (docs/decisions/009-node-24-runtime.md). The project
 * installs it (the `node` package in the root package.json), and npm scripts put it first on PATH.
 * Kept free of imports so that an older Node can load it and say so, before anything else fails.
 */
export const MINIMUM_NODE = '24.11.0';

/** Why this Node.js version cannot run the server, in one line, or null when it can. */
export function runtimeProblem(version: string): string | null {
  const [major = 0, minor = 0, patch = 0] = version.replace(/^v/, '').split('.').map(Number);
  const [minMajor, minMinor, minPatch] = MINIMUM_NODE.split('.').map(Number) as [number, number, number];
  const tooOld = major !== minMajor ? major < minMajor : minor !== minMinor ? minor < minMinor : patch < minPatch;
  if (!tooOld) return null;
  return (
    `Node.js v${version.replace(/^v/, '')} is too old: Hireloop runs on Node.js ${MINIMUM_NODE} or later (the 24 LTS line). ` +
    'Start it with `npm start` (npm install puts Node 24 in node_modules), or install Node.js 24.'
  );
}

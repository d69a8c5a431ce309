// The server's entry point: refuse an unsupported Node.js with one clear line, then start
// (serve.ts). The check comes first and imports nothing, so even an old Node gets that far.
import { runtimeProblem } from './runtime.ts';

const problem = runtimeProblem(process.versions.node);
if (problem) {
  process.stderr.write(`hireloop: ${problem}\n`);
  process.exit(1);
}
await import('./serve.ts');

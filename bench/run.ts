import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Runs every `bench/*.bench.ts` one after another, each in its own node process so a benchmark's
 * servers and timers cannot disturb the next one. `npm run bench -- auth` runs only names containing "auth".
 */
async function main(): Promise<void> {
  const filters = process.argv.slice(2);
  const files = (await readdir(import.meta.dirname))
    .filter((file) => file.endsWith('.bench.ts'))
    .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
    .sort();
  if (files.length === 0) {
    console.error(`no benchmark matches ${filters.map((filter) => `"${filter}"`).join(' or ')}`);
    process.exitCode = 1;
    return;
  }

  const failed: string[] = [];
  for (const file of files) {
    console.log(`\n== ${file}`);
    const code = await runFile(path.join(import.meta.dirname, file));
    if (code !== 0) failed.push(`${file} (exit ${code})`);
  }
  if (failed.length > 0) {
    console.error(`\nfailed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

function runFile(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { stdio: 'inherit' });
    child.once('error', reject);
    // A benchmark killed by a signal has no exit code; count it as a failure.
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

main().catch((error: unknown) => {
  console.error('bench runner failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

import fs from 'node:fs';
import path from 'node:path';
import type { BrowserHealth } from '@mining-hub/contract/common';

/** What to do about a missing browser; /health, the scraper log and the processing report say the same. */
export const CHROMIUM_INSTALL_HINT =
  'install Chromium (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium executable';

/** A dead network mount must not hold /health or a run up. */
const LOOK_TIMEOUT_MS = 2000;

/** Whether an executable Chromium is at `executablePath` (CHROMIUM_PATH), as /health reports it. */
export async function findChromium(executablePath: string): Promise<BrowserHealth> {
  const problem = await chromiumProblem(executablePath);
  return problem === null
    ? { status: 'available', path: executablePath, detail: null }
    : { status: 'missing', path: executablePath, detail: `${problem}: ${CHROMIUM_INSTALL_HINT}` };
}

/**
 * Why no Chromium can be run from `executablePath`, or null when one can: a look at the file, never a
 * launch, so it is cheap enough for /health. A bare name is looked up on PATH, as spawning it would.
 */
export async function chromiumProblem(executablePath: string): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<string>((resolve) => {
    timer = setTimeout(
      () => resolve(`${executablePath} did not answer within ${LOOK_TIMEOUT_MS / 1000} s`),
      LOOK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([problemWith(executablePath), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Why the file cannot be run, or null when it can. */
async function problemWith(executablePath: string): Promise<string | null> {
  const candidates = executablePath.includes('/')
    ? [executablePath]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, executablePath));
  let problem = `No Chromium at ${executablePath}`;
  for (const candidate of candidates) {
    try {
      const stat = await fs.promises.stat(candidate);
      if (!stat.isFile()) {
        problem = `${candidate} is not a file`;
        continue;
      }
      await fs.promises.access(candidate, fs.constants.X_OK);
      return null;
    } catch (error) {
      if (isErrorCode(error, 'EACCES')) problem = `${candidate} is not executable`;
    }
  }
  return problem;
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

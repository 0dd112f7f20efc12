import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite's files belong to one process. A pid file next to them stops a second server or the
 * users CLI from opening the same embedded database while it is in use.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'owner.pid');
  const owner = readOwner(lockFile);
  if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
    throw new Error(
      `the embedded database in ${dir} is in use by process ${owner}; stop that process first (or use DATABASE_URL)`,
    );
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    if (readOwner(lockFile) === process.pid) fs.rmSync(lockFile, { force: true });
  };
}

function readOwner(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

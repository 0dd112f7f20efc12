import fs from 'node:fs';
import path from 'node:path';

/** Who holds the lock: a pid, and where /proc exists its start time, since pids are reused. */
interface Owner {
  pid: number;
  startTime: string | undefined;
}

/**
 * PGlite's files belong to one process. A lock file next to them stops a second server or the
 * users CLI from opening the same embedded database while it is in use. A lock left by a killed
 * process is taken over: its pid is gone, a zombie, or now another process's (start time differs).
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'owner.pid');
  const owner = readOwner(lockFile);
  if (owner !== undefined && owner.pid !== process.pid && isRunning(owner)) {
    throw new Error(
      `the embedded database in ${dir} is in use by process ${owner.pid}; stop that process first (or use DATABASE_URL)`,
    );
  }
  // Written aside and renamed into place: a kill mid-write leaves the old lock or the new one, never half.
  const temp = `${lockFile}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${process.pid}\n${processStat(process.pid)?.startTime ?? ''}\n`);
  fs.renameSync(temp, lockFile);
  // PGlite's own lock is stale whenever ours was free (only our lock's holder opens these files), and
  // PostgreSQL refuses to start on an empty one, which a kill between creating and writing it leaves.
  fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
  return () => {
    if (readOwner(lockFile)?.pid === process.pid) fs.rmSync(lockFile, { force: true });
  };
}

/** The lock's owner; an empty or garbled file (hand-edited, or an older version's) names nobody. */
function readOwner(lockFile: string): Owner | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lockFile, 'utf8');
  } catch {
    return undefined;
  }
  const [pid = '', startTime = ''] = text.split('\n');
  if (!/^\d+$/.test(pid)) return undefined;
  return { pid: Number(pid), startTime: /^\d+$/.test(startTime) ? startTime : undefined };
}

function isRunning(owner: Owner): boolean {
  if (!fs.existsSync('/proc/self/stat')) return signalable(owner.pid); // no procfs (macOS): the pid has to do
  const stat = processStat(owner.pid);
  // A killed process stays a zombie until its parent reaps it; signal 0 would still reach it.
  if (stat === undefined || stat.state === 'Z' || stat.state === 'X') return false;
  // A different start time means the pid (or a thread id, which signal 0 also reaches) was reused.
  return owner.startTime === undefined || owner.startTime === stat.startTime;
}

/** State and start time (clock ticks since boot) from /proc/<pid>/stat; undefined when there is no such process. */
function processStat(pid: number): { state: string; startTime: string } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // `pid (command) state ppid …`: the command may hold spaces and parentheses, so split after its last `)`.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19]; // field 22 of the whole line
  return state && startTime ? { state, startTime } : undefined;
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

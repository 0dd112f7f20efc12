import type { EntryScan } from './log-entry-scanner.ts';
import { indexLines } from './log-file-index.ts';
import { readerOfFd } from './log-file-reader.ts';
import { indexMatches } from './log-matches.ts';

// One part of a large scan, on a thread of its own. The file stays open in the main thread; threads share
// its descriptor, so this one reads through the same open file (a rotation cannot swap it underneath).

export type ScanTask =
  | { kind: 'matches'; fd: number; scan: EntryScan }
  | {
      kind: 'lines';
      fd: number;
      from: number;
      to: number;
      options: { blockBytes: number; windowBytes: number; firstTimestamp: number };
    };

/** Piscina (log-scan-pool.ts) runs the default export of this file on its thread for each task. */
export default function run(task: ScanTask): Promise<unknown> {
  const file = readerOfFd(task.fd);
  return task.kind === 'matches' ? indexMatches(file, task.scan) : indexLines(file, task.from, task.to, task.options);
}

import {
  closeSync,
  existsSync,
  ftruncateSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';

// A large log in the app's format for the logs benchmark: 30 days of entries with stack traces under the
// errors and a rare term in a known number of entries. The body (everything but the last hour) is written
// once and reused; the last hour is rewritten on every run so "the last hour" always holds fresh entries.

const FORMAT_VERSION = 2;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const FLUSH_BYTES = 8 * 1024 * 1024;

export interface BenchLogFile {
  path: string;
  size: number;
  /** Entries holding `rareTerm` (each on its first line, so grep counts the same number of lines). */
  rareCount: number;
  rareTerm: string;
  /** True when the body was generated in this run rather than reused. */
  generated: boolean;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const stamp = (time: number) => {
  const date = new Date(time);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())},${pad(date.getMilliseconds(), 3)}`
  );
};

const LOGGERS = ['server', 'http', 'jobs', 'news', 'pipeline', 'crm', 'scraper', 'live'];
const VERBS = ['processed article', 'fetched page', 'pushed contact', 'analysed signal', 'crawled project'];
const COMMODITIES = ['Cu', 'Au', 'Ag', 'Li', 'Ni', 'Zn', 'U3O8', 'Potash (KCl)'];

function entry(time: number, random: () => number, extra: string): string {
  const roll = random();
  const level =
    roll < 0.1 ? 'DEBUG' : roll < 0.9 ? 'INFO' : roll < 0.96 ? 'WARNING' : roll < 0.995 ? 'ERROR' : 'CRITICAL';
  const logger = LOGGERS[Math.floor(random() * LOGGERS.length)] ?? 'app';
  const verb = VERBS[Math.floor(random() * VERBS.length)] ?? 'did';
  const commodity = COMMODITIES[Math.floor(random() * COMMODITIES.length)] ?? 'Cu';
  let text =
    `${stamp(time)} - ${logger} - ${level} - ${verb} ${Math.floor(random() * 1e6)} for session ` +
    `${Math.floor(random() * 1e9).toString(16)} in ${Math.floor(random() * 900)} ms ` +
    `(source=demo-feed-${Math.floor(random() * 40)}, commodity=${commodity}, attempt=${1 + Math.floor(random() * 3)})${extra}\n`;
  if (level === 'ERROR' || level === 'CRITICAL') {
    // About 130 bytes a line on average: a 1 GiB file holds about 8 million lines.
    for (let frame = 0; frame < 6; frame++) {
      text +=
        `    at step${frame} (/srv/mining-hub/apps/server/src/modules/${logger}/` +
        `${verb.split(' ')[0]}.service.ts:${Math.floor(random() * 400)}:${Math.floor(random() * 40)})\n`;
    }
  }
  return text;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/** Writes `chunks` in large batches. */
function batchedWriter(fd: number) {
  let parts: string[] = [];
  let pending = 0;
  let written = 0;
  return {
    add(text: string) {
      parts.push(text);
      pending += text.length;
      if (pending >= FLUSH_BYTES) this.flush();
    },
    flush() {
      if (parts.length === 0) return;
      written += writeSync(fd, Buffer.from(parts.join(''), 'latin1'));
      parts = [];
      pending = 0;
    },
    get size() {
      return written + pending;
    },
  };
}

/**
 * Makes sure `path` holds a `totalBytes` log: reuses the body of an earlier run when its size and format
 * match, then (re)writes the final `tailBytes` as entries spread over the last hour before `now`.
 */
export function prepareBenchLog(options: {
  path: string;
  totalBytes: number;
  tailBytes: number;
  rareTerm: string;
  rareCount: number;
  now: number;
}): BenchLogFile {
  const { path, totalBytes, tailBytes, rareTerm, rareCount, now } = options;
  const metaPath = `${path}.json`;
  const bodyBytes = totalBytes - tailBytes;
  const meta = { version: FORMAT_VERSION, totalBytes, bodyBytes, rareTerm, rareCount };
  const reusable =
    existsSync(path) &&
    existsSync(metaPath) &&
    statSync(path).size === totalBytes &&
    readFileSync(metaPath, 'utf8') === JSON.stringify(meta);

  const fd = openSync(path, reusable ? 'r+' : 'w');
  try {
    if (!reusable) {
      // The body: 30 days up to an hour ago, one entry every `step` ms so it ends just short of bodyBytes.
      const writer = batchedWriter(fd);
      const random = seeded(20_261_122);
      const start = now - 30 * DAY_MS;
      const end = now - HOUR_MS;
      const rareEvery = Math.floor(bodyBytes / rareCount);
      let nextRare = rareEvery / 2;
      let rareWritten = 0;
      let line = '';
      for (;;) {
        const time = start + ((end - start) * writer.size) / bodyBytes;
        const rare = writer.size >= nextRare && rareWritten < rareCount;
        line = entry(time, random, rare ? ` ${rareTerm}` : '');
        if (writer.size + line.length > bodyBytes) break;
        writer.add(line);
        if (rare) {
          rareWritten += 1;
          nextRare += rareEvery;
        }
      }
      // A filler line under the last entry makes the body end exactly at bodyBytes.
      const missing = bodyBytes - writer.size;
      if (missing > 0) writer.add(`${'-'.repeat(missing - 1)}\n`);
      writer.flush();
      if (rareWritten !== rareCount) throw new Error(`wrote ${rareWritten} rare entries instead of ${rareCount}`);
    }

    // The tail: the last hour, fresh on every run.
    ftruncateSync(fd, bodyBytes);
    const tail: string[] = [];
    const random = seeded(Math.floor(now) % 2_147_483_647 || 1);
    let size = 0;
    const first = now - HOUR_MS + 1000;
    for (;;) {
      const time = first + ((now - first) * size) / tailBytes;
      const line = entry(time, random, '');
      if (size + line.length > tailBytes - 200) break;
      tail.push(line);
      size += line.length;
    }
    const last = `${stamp(now)} - bench - INFO - end of the generated log `;
    tail.push(`${last}${'.'.repeat(tailBytes - size - last.length - 1)}\n`);
    const bytes = Buffer.from(tail.join(''), 'latin1');
    if (bytes.length !== tailBytes) throw new Error(`tail is ${bytes.length} bytes instead of ${tailBytes}`);
    writeSync(fd, bytes, 0, bytes.length, bodyBytes);
  } finally {
    closeSync(fd);
  }
  writeFileSync(metaPath, JSON.stringify(meta));
  return { path, size: statSync(path).size, rareCount, rareTerm, generated: !reusable };
}

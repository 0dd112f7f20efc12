/**
 * MinHash over word shingles, and the LSH band keys of a signature. Our own: the npm packages for it
 * (minhash 0.0.9, @agtabesh/lsh 0.1.0) draw their permutations from Math.random, so a signature stored in
 * the database today would not match one computed after a restart, and they hash with string arithmetic
 * far slower than the 32-bit integer mixing below. Everything here is deterministic and seed-stable:
 * changing a constant changes every stored key, so a change needs a re-fingerprinting migration.
 */

/** 32-bit finaliser of MurmurHash3: a bijection on 32-bit integers that mixes every input bit into every output bit. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over a string's UTF-16 code units, then mixed. */
export function hashWord(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return mix32(h);
}

/** The hashes of every run of `size` consecutive words (one hash for a text shorter than that). */
export function shingleHashes(words: readonly string[], size: number): Uint32Array {
  const wordHashes = words.map(hashWord);
  if (wordHashes.length === 0) return new Uint32Array(0);
  const count = Math.max(1, wordHashes.length - size + 1);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    let h = 0x9e3779b9;
    for (let j = 0; j < size && i + j < wordHashes.length; j++) {
      h = mix32(h ^ Math.imul(wordHashes[i + j] ?? 0, 0xcc9e2d51 + 2 * j));
    }
    out[i] = h;
  }
  return out;
}

/** Fixed seeds, one per hash function (splitmix-like sequence): stable across processes and versions. */
function seeds(count: number, salt: number): Uint32Array {
  const out = new Uint32Array(count);
  let state = salt >>> 0;
  for (let i = 0; i < count; i++) {
    state = (state + 0x9e3779b9) >>> 0;
    out[i] = mix32(state);
  }
  return out;
}

const SEED_CACHE = new Map<string, Uint32Array>();

/**
 * The MinHash signature of a set of shingle hashes: for each of `count` hash functions (mix32 of the
 * shingle xor a seed, a permutation of the 32-bit integers), the smallest value over the set. An empty
 * set gives 0xffffffff everywhere. Two sets agree on one position with probability = their Jaccard similarity.
 */
export function minhash(shingles: Uint32Array, count: number, salt: number): Uint32Array {
  const key = `${count}:${salt}`;
  let seedList = SEED_CACHE.get(key);
  if (!seedList) {
    seedList = seeds(count, salt);
    SEED_CACHE.set(key, seedList);
  }
  const signature = new Uint32Array(count).fill(0xffffffff);
  for (let s = 0; s < shingles.length; s++) {
    const shingle = shingles[s] ?? 0;
    for (let i = 0; i < count; i++) {
      // Inlined mix32: this loop is where fingerprinting spends its time.
      let h = shingle ^ (seedList[i] ?? 0);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      h >>>= 0;
      if (h < (signature[i] ?? 0)) signature[i] = h;
    }
  }
  return signature;
}

/** The share of positions where two signatures (or the slices [from, to) of them) agree: estimated Jaccard similarity. */
export function agreement(a: ArrayLike<number>, b: ArrayLike<number>, from = 0, to = a.length): number {
  if (to <= from) return 0;
  let same = 0;
  for (let i = from; i < to; i++) if (a[i] === b[i]) same++;
  return same / (to - from);
}

/**
 * The number of distinct shingles a signature was made from, estimated from how small its minima are
 * (the minimum of n uniform draws averages 1/(n+1) of the range). Exact enough (about ±10 % with 128
 * hashes) to tell a feed's two-sentence summary from the full release.
 */
export function estimatedSetSize(signature: ArrayLike<number>, from = 0, to = signature.length): number {
  let sum = 0;
  let empty = 0;
  for (let i = from; i < to; i++) {
    const value = signature[i] ?? 0xffffffff;
    if (value === 0xffffffff) empty++;
    sum += value / 0x100000000;
  }
  if (empty === to - from) return 0;
  return Math.max(1, (to - from) / sum - 1);
}

/**
 * One hash per band of `rows` consecutive signature positions, salted with the band's number so equal
 * rows in different bands do not collide. Two signatures with Jaccard similarity J share at least one of
 * `bands` band hashes with probability 1 - (1 - J^rows)^bands.
 */
export function bandHashes(
  signature: ArrayLike<number>,
  from: number,
  bands: number,
  rows: number,
  salt: number,
): number[] {
  const out: number[] = [];
  for (let band = 0; band < bands; band++) {
    let h = mix32(salt + band * 0x9e3779b9);
    for (let row = 0; row < rows; row++) h = mix32(h ^ Math.imul(signature[from + band * rows + row] ?? 0, 0x27d4eb2f));
    out.push(h);
  }
  return out;
}

import { agreement, bandHashes, estimatedSetSize, hashWord, minhash, shingleHashes } from './minhash.ts';
import { figuresConflict, releaseFigures } from './release-figures.ts';
import { issuerNameOf, listingsOf, normaliseTitle, normaliseWords, stripBoilerplate } from './wire-boilerplate.ts';

/**
 * Whether two articles are copies of one press release, and the fingerprint that finds the candidates
 * without comparing every pair. Pure: no I/O, no clock. Choices and figures: docs/ARCHITECTURE.md,
 * "Stories: how copies of one release are matched (issue 32)".
 */

export interface ReleaseFingerprint {
  /** Title normalised for comparison: case, accents, punctuation, wire prefixes ("RETRANSMISSION:", "CORRECTION -") and suffixes (" - Newsfile", " | GlobeNewswire") removed. */
  titleKey: string;
  /** Locality-sensitive band keys of the body's MinHash signature (boilerplate removed): two copies of one release share at least one with high probability. Short strings, safe to store in an indexed text column. */
  bandKeys: string[];
  /** The MinHash signature itself (unsigned 32-bit integers, fixed length), for estimating the similarity of two candidates. */
  signature: number[];
  /** Salient numbers/figures of the release (amounts, grades, hole ids...) used to keep distinct releases of one issuer apart; may be empty. */
  figures: string[];
  /**
   * The issuer's listings that the title and text quote ('TSXV:KDK'), so a stored story is compared without
   * reading its text back. Absent from fingerprints stored before it was (their text is read instead).
   */
  listings?: string[];
}

export interface ReleaseInput {
  title: string;
  text: string;
  /** The issuing company's name as the caller knows it (not the wire's or the portal's name); leave it out when unsure. */
  issuer?: string;
  publishedAt: Date;
}

export type FingerprintedRelease = ReleaseInput & { fingerprint: ReleaseFingerprint };

/** Words per shingle: three keeps word order (a reordered table still differs) yet one changed word spoils only three shingles. */
export const SHINGLE_WORDS = 3;
/** Hashes over the whole body, in BODY_BANDS bands of BODY_ROWS. */
export const BODY_HASHES = 128;
export const BODY_BANDS = 32;
export const BODY_ROWS = 4;
/** The lead (first LEAD_WORDS words of the body) has a signature of its own: a feed's summary is a lead. */
export const LEAD_WORDS = 40;
export const LEAD_HASHES = 32;
export const LEAD_BANDS = 10;
export const LEAD_ROWS = 3;
/** Signature length: body hashes, then lead hashes. */
export const SIGNATURE_LENGTH = BODY_HASHES + LEAD_HASHES;
/** Fewer distinct shingles than this and a body says too little to match on (a one-line teaser). */
const MIN_SHINGLES = 8;
/** Estimated Jaccard similarity of two bodies from which they are copies. */
export const BODY_THRESHOLD = 0.5;
/** Estimated Jaccard similarity of two leads, with one body contained in the other, from which they are copies. */
export const LEAD_THRESHOLD = 0.6;
/** Share of the shorter body estimated to be in the longer, for the lead to count. */
const CONTAINMENT_THRESHOLD = 0.5;
/** Bodies with fewer distinct shingles than this are summaries, which must also share the title. */
const SUMMARY_SHINGLES = 60;
/** Bodies this long (distinct shingles) that share less than TITLE_VETO_CONTAINMENT overrule equal titles. */
const TITLE_VETO_SHINGLES = 20;
const TITLE_VETO_CONTAINMENT = 0.25;
/** How far apart two copies with the same title and issuer may be published. */
export const TITLE_WINDOW_MS = 4 * 24 * 60 * 60 * 1000;
/**
 * A band key shared by more releases than this stands for its latest ones only: a key that many stories share
 * hashes boilerplate (a feed's templated teaser, "More to follow"), not a release, and comparing every new
 * article with every story that shares it made ingest quadratic. A copy shares its release's rarer keys too.
 */
export const BAND_CANDIDATES = 10;
/** A title this long names its release well enough to match without a known issuer. */
const SELF_EXPLAINING_TITLE_WORDS = 6;

const BODY_SALT = 0x5eed0001;
const LEAD_SALT = 0x5eed0002;
const BODY_BAND_SALT = 0xb0d1;
const LEAD_BAND_SALT = 0x1ead;

/** The fingerprint of one article: its normalised title, MinHash signature and band keys of its boilerplate-free body, and its figures. */
export function fingerprintRelease(input: { title: string; text: string }): ReleaseFingerprint {
  const titleKey = normaliseTitle(input.title, issuerNameOf(input.text));
  const body = stripBoilerplate(input.text, input.title);
  const words = normaliseWords(body)
    .split(' ')
    .filter((word) => word !== '');
  const bodyShingles = words.length >= SHINGLE_WORDS ? shingleHashes(words, SHINGLE_WORDS) : new Uint32Array(0);
  const leadWords = words.slice(0, LEAD_WORDS);
  const leadShingles = leadWords.length >= SHINGLE_WORDS ? shingleHashes(leadWords, SHINGLE_WORDS) : new Uint32Array(0);
  const bodySignature = minhash(bodyShingles, BODY_HASHES, BODY_SALT);
  const leadSignature = minhash(leadShingles, LEAD_HASHES, LEAD_SALT);
  const signature = [...bodySignature, ...leadSignature];
  const bandKeys: string[] = [];
  if (new Set(bodyShingles).size >= MIN_SHINGLES) {
    bandHashes(bodySignature, 0, BODY_BANDS, BODY_ROWS, BODY_BAND_SALT).forEach((hash, band) =>
      bandKeys.push(`b${band}.${hash.toString(36)}`),
    );
    bandHashes(leadSignature, 0, LEAD_BANDS, LEAD_ROWS, LEAD_BAND_SALT).forEach((hash, band) =>
      bandKeys.push(`l${band}.${hash.toString(36)}`),
    );
  }
  return {
    titleKey,
    bandKeys,
    signature,
    figures: releaseFigures(input.title, body),
    listings: listingsOf(`${input.title}\n${input.text}`),
  };
}

/**
 * Whether a release is a summary (a body of fewer than SUMMARY_SHINGLES shingles: most feed items). A summary
 * can only be a copy of a release whose title matches its own (sameReleaseTraits), so it looks its story up
 * and is found by its title alone.
 */
function isSummary(fingerprint: ReleaseFingerprint): boolean {
  return estimatedSetSize(fingerprint.signature, 0, BODY_HASHES) < SUMMARY_SHINGLES;
}

/**
 * Title keys. Two titles match when one is the other or one of its variants (titleMatch): a story is stored
 * under each of its variants ('t.') and under its own title ('o.'); a new article looks up its own title among
 * the variants ('t.': the story's title is it, or it with leading words) and its variants among the titles
 * ('o.': the story's title is a shorter form of its own). Variant against variant would join unrelated
 * releases by their common tails ('reports third quarter 2026 results').
 */
const storedTitleKeys = (fingerprint: ReleaseFingerprint): string[] =>
  fingerprint.titleKey === ''
    ? []
    : [...titleKeyVariants(fingerprint.titleKey).map((variant) => `t.${variant}`), `o.${fingerprint.titleKey}`];

const titleLookupKeys = (fingerprint: ReleaseFingerprint): string[] => {
  const [own, ...shorter] = titleKeyVariants(fingerprint.titleKey);
  return own === undefined ? [] : [`t.${own}`, ...shorter.map((variant) => `o.${variant}`)];
};

/** The keys a story is found by: its title keys, and the band keys of a body that says enough. */
export function storyKeys(fingerprint: ReleaseFingerprint): string[] {
  const titles = storedTitleKeys(fingerprint);
  return isSummary(fingerprint) ? titles : [...fingerprint.bandKeys, ...titles];
}

/** The keys a new article looks its story up by: a summary, its title's; a full text, its band keys too. */
export function lookupKeys(fingerprint: ReleaseFingerprint): string[] {
  const titles = titleLookupKeys(fingerprint);
  return isSummary(fingerprint) ? titles : [...fingerprint.bandKeys, ...titles];
}

/** What the comparison needs of a release, computed once (StoryIndex keeps these instead of the text). */
export interface ReleaseTraits {
  titleKey: string;
  /** titleKeyVariants(titleKey), worked out once: a comparison is made thousands of times a fetch. */
  titleVariants: readonly string[];
  titleWords: number;
  /** The signature as 32-bit integers (4 bytes a hash instead of a JS array's 8). */
  signature: Uint32Array;
  figures: readonly string[];
  /** Estimated distinct shingles of the body. */
  size: number;
  listings: readonly string[];
  issuerKey: string;
  publishedAt: number;
}

const LEGAL_SUFFIX = /\b(?:corp|corporation|inc|incorporated|ltd|limited|plc|nl|llc|pty|sa|ag|se|ab|asa|co|company)\b/g;

/** An issuer's name for comparison: lower case, no punctuation, no legal form ('Foran Mining Corp.' = 'FORAN MINING'). */
export function normaliseIssuer(issuer: string): string {
  return normaliseWords(issuer).replace(LEGAL_SUFFIX, ' ').replace(/\s+/g, ' ').trim();
}

/** Traits per fingerprint object, with what else they were read from (one fingerprint may be reused with another date or issuer). */
const TRAITS = new WeakMap<ReleaseFingerprint, { traits: ReleaseTraits; text: string; issuer: string | undefined }>();

/** The traits of a fingerprinted release (cached per fingerprint object). */
export function releaseTraits(release: FingerprintedRelease): ReleaseTraits {
  const cached = TRAITS.get(release.fingerprint);
  if (
    cached &&
    cached.traits.publishedAt === release.publishedAt.getTime() &&
    cached.text === release.text &&
    cached.issuer === release.issuer
  ) {
    return cached.traits;
  }
  const { fingerprint } = release;
  const traits: ReleaseTraits = {
    titleKey: fingerprint.titleKey,
    titleVariants: titleKeyVariants(fingerprint.titleKey),
    titleWords: fingerprint.titleKey.split(' ').length,
    signature: Uint32Array.from(fingerprint.signature),
    figures: fingerprint.figures,
    size: estimatedSetSize(fingerprint.signature, 0, BODY_HASHES),
    listings: fingerprint.listings ?? listingsOf(`${release.title}\n${release.text}`),
    issuerKey: release.issuer === undefined ? '' : normaliseIssuer(release.issuer),
    publishedAt: release.publishedAt.getTime(),
  };
  TRAITS.set(fingerprint, { traits, text: release.text, issuer: release.issuer });
  return traits;
}

function shareAny(a: readonly string[], b: readonly string[]): boolean {
  return a.some((item) => b.includes(item));
}

/** The same-release rule on precomputed traits; see isSameRelease. */
export function sameReleaseTraits(a: ReleaseTraits, b: ReleaseTraits): boolean {
  // Different listings are different issuers, whatever the text shares.
  if (a.listings.length > 0 && b.listings.length > 0 && !shareAny(a.listings, b.listings)) return false;
  if (figuresConflict(a.figures, b.figures)) return false;
  // Two issuers never publish one release, however alike their templates ('X receives exploration permit').
  if (a.issuerKey !== '' && b.issuerKey !== '' && a.issuerKey !== b.issuerKey) return false;
  // A summary's few sentences are alike in a company's serial releases; short texts join on the title too.
  const short = Math.min(a.size, b.size) < SUMMARY_SHINGLES;
  if (short && titleMatch(a, b) === 'different') return false;

  const bodiesSayEnough = a.size >= MIN_SHINGLES && b.size >= MIN_SHINGLES;
  let containment = 1;
  if (bodiesSayEnough) {
    const body = agreement(a.signature, b.signature, 0, BODY_HASHES);
    if (body >= BODY_THRESHOLD) return true;
    // The share of the shorter body estimated to be in the longer: |A ∩ B| = J (|A| + |B|) / (1 + J).
    containment = (body * (a.size + b.size)) / (1 + body) / Math.min(a.size, b.size);
    const lead = agreement(a.signature, b.signature, BODY_HASHES, SIGNATURE_LENGTH);
    // A summary against its full text: the same lead, the shorter body (nearly) inside the longer one.
    if (lead >= LEAD_THRESHOLD && containment >= CONTAINMENT_THRESHOLD) return true;
  }
  // Two texts that each say enough and share next to nothing are two releases, whatever their titles
  // ('Drilling Update' twice in a week).
  if (a.size >= TITLE_VETO_SHINGLES && b.size >= TITLE_VETO_SHINGLES && containment < TITLE_VETO_CONTAINMENT) {
    return false;
  }

  const titles = titleMatch(a, b);
  if (titles === 'different') return false;
  if (Math.abs(a.publishedAt - b.publishedAt) > TITLE_WINDOW_MS) return false;
  if (a.issuerKey !== '' && b.issuerKey !== '') return a.issuerKey === b.issuerKey;
  if (a.listings.length > 0 && b.listings.length > 0) return true; // they share one (checked above)
  const words = Math.min(a.titleWords, b.titleWords);
  return words >= SELF_EXPLAINING_TITLE_WORDS + (titles === 'same' ? 0 : 1);
}

/** Leading words a title key may carry beyond another's and still be the same title (an issuer's name). */
const MAX_EXTRA_TITLE_WORDS = 4;
/** Words a title key must keep to stand for a release when leading words are dropped. */
const MIN_TITLE_WORDS = 5;

function titleMatch(a: ReleaseTraits, b: ReleaseTraits): 'same' | 'prefixed' | 'different' {
  if (a.titleKey === '' || b.titleKey === '') return 'different';
  if (a.titleKey === b.titleKey) return 'same';
  const [shorter, longer] = a.titleKey.length < b.titleKey.length ? [a, b] : [b, a];
  return longer.titleVariants.includes(shorter.titleKey) ? 'prefixed' : 'different';
}

/**
 * The title keys a release may be stored under: its own, and its own without its first one to four words
 * (an issuer's name a copy without a listing could not recognise: 'labrador gold intersects …' is
 * 'intersects …' elsewhere). Look a new release up by all of them; store only `titleKey`.
 */
export function titleKeyVariants(titleKey: string): string[] {
  const words = titleKey.split(' ').filter((word) => word !== '');
  const variants = [titleKey];
  for (let drop = 1; drop <= MAX_EXTRA_TITLE_WORDS && words.length - drop >= MIN_TITLE_WORDS; drop++) {
    variants.push(words.slice(drop).join(' '));
  }
  return titleKey === '' ? [] : variants;
}

/**
 * Whether two articles are copies of the same release: near-identical boilerplate-free bodies (or a
 * summary whose lead and content are inside the other's body), or the same normalised title from the same
 * issuer within four days; never when their listings differ or their figures disagree.
 */
export function isSameRelease(a: FingerprintedRelease, b: FingerprintedRelease): boolean {
  return sameReleaseTraits(releaseTraits(a), releaseTraits(b));
}

/** A bucket holds one entry (most) or several. */
type Bucket = number | number[];

/** In-memory index for batch assignment (backfill, benchmark): returns the story id of the first matching release, or undefined. */
export class StoryIndex {
  private readonly stories: string[] = [];
  private readonly traits: ReleaseTraits[] = [];
  /** Band key → entries, keyed by a 31-bit hash of the key (a small integer in V8: a third of a string key's memory). */
  private readonly bands = new Map<number, Bucket>();
  private readonly titles = new Map<string, Bucket>();
  /** Per-entry stamp of the last lookup that saw it, so a candidate found by several bands is checked once. */
  private seen = new Uint32Array(1024);
  private lookup = 0;

  /** The number of releases indexed. */
  get size(): number {
    return this.stories.length;
  }

  add(storyId: string, release: FingerprintedRelease): void {
    const entry = this.stories.length;
    this.stories.push(storyId);
    this.traits.push(releaseTraits(release));
    for (const key of storyKeys(release.fingerprint)) push(this.bands, bandNumber(key), entry);
    if (release.fingerprint.titleKey !== '') push(this.titles, release.fingerprint.titleKey, entry);
    if (entry >= this.seen.length) {
      const grown = new Uint32Array(this.seen.length * 2);
      grown.set(this.seen);
      this.seen = grown;
    }
  }

  findStory(release: FingerprintedRelease): string | undefined {
    const traits = releaseTraits(release);
    const lookup = ++this.lookup;
    const candidates: number[] = [];
    const collect = (bucket: Bucket | undefined, limit: number) => {
      if (bucket === undefined) return;
      const entries = typeof bucket === 'number' ? [bucket] : bucket;
      // The latest `limit` entries (a bucket lists entries in the order they were added).
      for (let index = entries.length - 1; index >= Math.max(0, entries.length - limit); index--) {
        const entry = entries[index] as number;
        if (this.seen[entry] === lookup) continue;
        this.seen[entry] = lookup;
        candidates.push(entry);
      }
    };
    for (const key of lookupKeys(release.fingerprint)) collect(this.bands.get(bandNumber(key)), BAND_CANDIDATES);
    for (const key of traits.titleVariants) collect(this.titles.get(key), Number.POSITIVE_INFINITY);
    // The first release indexed that matches: the story the earliest copy started.
    candidates.sort((x, y) => x - y);
    for (const entry of candidates) {
      const other = this.traits[entry];
      if (other && sameReleaseTraits(traits, other)) return this.stories[entry];
    }
    return undefined;
  }
}

/** A band key as a small integer; two keys sharing one only add a candidate, which the comparison then rejects. */
function bandNumber(key: string): number {
  return hashWord(key) >>> 1;
}

function push<K>(map: Map<K, Bucket>, key: K, entry: number): void {
  const bucket = map.get(key);
  if (bucket === undefined) map.set(key, entry);
  else if (typeof bucket === 'number') map.set(key, [bucket, entry]);
  else bucket.push(entry);
}

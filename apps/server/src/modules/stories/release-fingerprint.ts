import { agreement, bandHashes, estimatedSetSize, minhash, shingleHashes } from './minhash.ts';
import { figuresConflict, releaseFigures } from './release-figures.ts';
import { listingsOf, normaliseTitle, normaliseWords, stripBoilerplate } from './wire-boilerplate.ts';

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
/** How far apart two copies with the same title and issuer may be published. */
export const TITLE_WINDOW_MS = 4 * 24 * 60 * 60 * 1000;
/** A title this long names its release well enough to match without a known issuer. */
const SELF_EXPLAINING_TITLE_WORDS = 6;

const BODY_SALT = 0x5eed0001;
const LEAD_SALT = 0x5eed0002;
const BODY_BAND_SALT = 0xb0d1;
const LEAD_BAND_SALT = 0x1ead;

/** The fingerprint of one article: its normalised title, MinHash signature and band keys of its boilerplate-free body, and its figures. */
export function fingerprintRelease(input: { title: string; text: string }): ReleaseFingerprint {
  const titleKey = normaliseTitle(input.title);
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
  return { titleKey, bandKeys, signature, figures: releaseFigures(input.title, body) };
}

/** What the comparison needs of a release, computed once (StoryIndex keeps these instead of the text). */
export interface ReleaseTraits {
  titleKey: string;
  signature: readonly number[];
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

const TRAITS = new WeakMap<ReleaseFingerprint, ReleaseTraits>();

/** The traits of a fingerprinted release (cached per fingerprint object). */
export function releaseTraits(release: FingerprintedRelease): ReleaseTraits {
  const cached = TRAITS.get(release.fingerprint);
  if (cached && cached.publishedAt === release.publishedAt.getTime()) return cached;
  const { fingerprint } = release;
  const traits: ReleaseTraits = {
    titleKey: fingerprint.titleKey,
    signature: fingerprint.signature,
    figures: fingerprint.figures,
    size: estimatedSetSize(fingerprint.signature, 0, BODY_HASHES),
    listings: listingsOf(`${release.title}\n${release.text}`),
    issuerKey: release.issuer === undefined ? '' : normaliseIssuer(release.issuer),
    publishedAt: release.publishedAt.getTime(),
  };
  TRAITS.set(fingerprint, traits);
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

  const bodiesSayEnough = a.size >= MIN_SHINGLES && b.size >= MIN_SHINGLES;
  if (bodiesSayEnough) {
    const body = agreement(a.signature, b.signature, 0, BODY_HASHES);
    if (body >= BODY_THRESHOLD) return true;
    const lead = agreement(a.signature, b.signature, BODY_HASHES, SIGNATURE_LENGTH);
    if (lead >= LEAD_THRESHOLD) {
      // A summary against its full text: the shorter body is (nearly) inside the longer one.
      const shared = (body * (a.size + b.size)) / (1 + body);
      if (shared / Math.min(a.size, b.size) >= CONTAINMENT_THRESHOLD) return true;
    }
  }

  if (a.titleKey === '' || a.titleKey !== b.titleKey) return false;
  if (Math.abs(a.publishedAt - b.publishedAt) > TITLE_WINDOW_MS) return false;
  if (a.issuerKey !== '' && b.issuerKey !== '') return a.issuerKey === b.issuerKey;
  if (a.listings.length > 0 && b.listings.length > 0) return true; // they share one (checked above)
  return a.titleKey.split(' ').length >= SELF_EXPLAINING_TITLE_WORDS;
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
  private readonly bands = new Map<string, Bucket>();
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
    for (const key of release.fingerprint.bandKeys) push(this.bands, key, entry);
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
    const collect = (bucket: Bucket | undefined) => {
      if (bucket === undefined) return;
      for (const entry of typeof bucket === 'number' ? [bucket] : bucket) {
        if (this.seen[entry] === lookup) continue;
        this.seen[entry] = lookup;
        candidates.push(entry);
      }
    };
    for (const key of release.fingerprint.bandKeys) collect(this.bands.get(key));
    if (traits.titleKey !== '') collect(this.titles.get(traits.titleKey));
    // The first release indexed that matches: the story the earliest copy started.
    candidates.sort((x, y) => x - y);
    for (const entry of candidates) {
      const other = this.traits[entry];
      if (other && sameReleaseTraits(traits, other)) return this.stories[entry];
    }
    return undefined;
  }
}

function push(map: Map<string, Bucket>, key: string, entry: number): void {
  const bucket = map.get(key);
  if (bucket === undefined) map.set(key, entry);
  else if (typeof bucket === 'number') map.set(key, [bucket, entry]);
  else bucket.push(entry);
}

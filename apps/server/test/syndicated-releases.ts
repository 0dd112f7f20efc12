import { RELEASES, type ReleaseFacts } from './fixtures/syndicated-releases.ts';
import {
  abnNewswire,
  accesswire,
  asxAnnouncement,
  BUSINESS_INSIDER,
  CEO_CA,
  cnw,
  companySite,
  DAILY8,
  feedItem,
  globeNewswire,
  INVESTING_NEWS,
  JUNIOR_MINING_NETWORK,
  MENLO_PARK,
  newsfile,
  portal,
  PROACTIVE,
  PROVEN_AND_PROBABLE,
  rns,
  STOCKHOUSE,
  STOCKTITAN,
  YAHOO,
  aggregatorItem,
  correction,
  MARKETSCREENER,
  stockwatch,
  type ArticleCopy,
} from './fixtures/wire-formats.ts';

export type { ArticleCopy } from './fixtures/wire-formats.ts';

/**
 * Every copy of every release in test/fixtures/syndicated-releases.ts, as the outlets that carried it
 * (or would carry it) print it: the labelled set the story matcher is measured on (test and bench).
 */

const upper = (title: string) => title.toUpperCase();
const suffix = (text: string) => (title: string) => `${title}${text}`;

function release(id: string): ReleaseFacts {
  const found = RELEASES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no release ${id} in the fixtures`);
  return found;
}

function copiesOf(id: string): ArticleCopy[] {
  const r = release(id);
  switch (id) {
    case 'labgold-k22-150-golden-glove': {
      const wire = globeNewswire(r);
      return [
        wire,
        portal(r, wire, CEO_CA),
        portal(r, wire, STOCKHOUSE),
        feedItem(wire, { feed: 'GlobeNewswire', words: 70, title: upper }),
        aggregatorItem(wire, 'GlobeNewswire'),
      ];
    }
    case 'labgold-k21-111-htc': {
      const wire = globeNewswire(r);
      return [
        wire,
        portal(r, wire, STOCKHOUSE),
        companySite(r, 'www.labradorgold.com', { omitQuote: true }),
        feedItem(wire, { feed: 'GlobeNewswire', words: 55 }),
      ];
    }
    case 'morien-donkin-review': {
      const wire = globeNewswire(r);
      return [
        wire,
        portal(r, wire, PROVEN_AND_PROBABLE),
        companySite(r, 'www.morienres.com', { titleCase: 'upper' }),
        feedItem(wire, { feed: 'GlobeNewswire', words: 60, ellipsis: ' […]' }),
      ];
    }
    case 'gold79-first-tranche': {
      const wire = newsfile(r);
      return [
        wire,
        portal(r, wire, { ...PROVEN_AND_PROBABLE, flatten: true }),
        portal(r, wire, JUNIOR_MINING_NETWORK),
        stockwatch(r),
        feedItem(wire, { feed: 'Newsfile', words: 65, title: suffix(' - Newsfile') }),
      ];
    }
    case 'callinex-7-7m-placement': {
      const wire = globeNewswire(r);
      return [
        wire,
        portal(r, wire, BUSINESS_INSIDER),
        companySite(r, 'callinex.ca'),
        feedItem(portal(r, wire, YAHOO), { feed: 'Yahoo Finance', words: 80, title: suffix(' | GlobeNewswire') }),
      ];
    }
    case 'wmg-mtrc023-024-assays': {
      const announcement = asxAnnouncement(r);
      const abn = abnNewswire(r);
      return [
        announcement,
        abn,
        portal(r, announcement, PROACTIVE),
        // MarketScreener's own title over ABN Newswire's copy.
        portal(r, abn, {
          ...MARKETSCREENER,
          title: () =>
            'Western Mines Group Ltd Reports High-Grade Nickel Sulphide Assays from Phase 2 RC at Mulga Tank',
        }),
        feedItem(abn, { feed: 'ABN Newswire', words: 60, title: upper }),
      ];
    }
    case 'wmg-mtrc009-014-367m': {
      const announcement = asxAnnouncement(r);
      const abn = abnNewswire(r);
      return [announcement, abn, feedItem(abn, { feed: 'ABN Newswire', words: 50 })];
    }
    case 'prime-c25m-bought-deal': {
      const wire = cnw(r);
      return [
        wire,
        cnw(r, { retransmission: true }),
        companySite(r, 'primeminingcorp.ca'),
        feedItem(wire, { feed: 'Newswire.ca', words: 75, title: upper }),
      ];
    }
    case 'prime-los-reyes-13-holes': {
      const wire = cnw(r);
      return [
        wire,
        companySite(r, 'primeminingcorp.ca'),
        portal(r, wire, JUNIOR_MINING_NETWORK),
        correction(
          wire,
          'CORRECTION FROM SOURCE: In the release issued earlier today, the Noche Buena silver grade in the second paragraph was misstated; the corrected release follows.',
        ),
      ];
    }
    case 'benz-c10m-flow-through': {
      const abn = abnNewswire(r);
      return [
        abn,
        accesswire(r),
        asxAnnouncement(r),
        feedItem(abn, { feed: 'ABN Newswire', words: 55, title: suffix(' - ABN Newswire') }),
      ];
    }
    case 'crystal-lake-first-tranche-mcewen': {
      const wire = newsfile(r);
      return [
        wire,
        portal(r, wire, STOCKHOUSE),
        companySite(r, 'crystallakemining.com'),
        feedItem(wire, { feed: 'Newsfile', words: 30 }),
      ];
    }
    case 'wishbone-red-setter-second-hole': {
      const announcement = rns(r);
      return [
        announcement,
        portal(r, announcement, PROACTIVE),
        companySite(r, 'wishbonegold.com'),
        feedItem(announcement, { feed: 'London Stock Exchange', words: 90 }),
      ];
    }
    case 'western-areas-sahara-first-hole': {
      const announcement = asxAnnouncement(r);
      const abn = abnNewswire(r);
      return [
        announcement,
        abn,
        companySite(r, 'westernareas.com.au'),
        feedItem(abn, { feed: 'ABN Newswire', words: 60 }),
      ];
    }
    case 'coppercorp-dora-scout': {
      const wire = newsfile(r);
      return [
        wire,
        portal(r, wire, STOCKTITAN),
        portal(r, wire, JUNIOR_MINING_NETWORK),
        feedItem(wire, { feed: 'Newsfile', words: 60, title: suffix(' - Newsfile') }),
      ];
    }
    case 'mount-polley-fp-25-01': {
      const wire = cnw(r);
      return [
        wire,
        portal(r, wire, DAILY8),
        companySite(r, 'imperialmetals.com', { omitQuote: true }),
        feedItem(wire, { feed: 'Newswire.ca', words: 45 }),
      ];
    }
    case 'copperfox-schaft-creek-2022-met-holes':
    case 'copperfox-eaglehead-update': {
      const wire = newsfile(r);
      return [
        wire,
        portal(r, wire, INVESTING_NEWS),
        feedItem(wire, { feed: 'Newsfile', words: 60, title: suffix(' - Newsfile') }),
      ];
    }
    case 'copperfox-schaft-creek-2023-update': {
      const wire = newsfile(r);
      return [
        wire,
        portal(r, wire, MENLO_PARK),
        portal(r, wire, INVESTING_NEWS),
        feedItem(wire, { feed: 'Newsfile', words: 50 }),
      ];
    }
    case 'tdg-second-tranche-2024': {
      const wire = accesswire(r);
      return [
        wire,
        portal(r, wire, { ...YAHOO, outlet: 'cerveza-artesanal.com (Yahoo syndication)', flatten: true }),
        stockwatch(r),
        feedItem(wire, { feed: 'ACCESSWIRE', words: 70, title: upper }),
      ];
    }
    case 'tdg-final-tranche-2023': {
      const wire = accesswire(r);
      return [wire, stockwatch(r), companySite(r, 'tdggold.com')];
    }
    default:
      throw new Error(`no copies listed for ${id}`);
  }
}

/** Every copy of every release, in publication order (the order a backfill assigns them). */
export const SYNDICATED_COPIES: readonly ArticleCopy[] = RELEASES.flatMap((r) => copiesOf(r.id)).sort((a, b) =>
  a.publishedAt.localeCompare(b.publishedAt),
);

export interface PairScore {
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  pairs: number;
  /** One line per wrong pair: '+' merged but distinct, '-' missed copies. */
  errors: string[];
}

/** Pair precision and recall of a same-release predicate over every pair of copies. */
export function scorePairs(
  copies: readonly ArticleCopy[],
  same: (a: ArticleCopy, b: ArticleCopy) => boolean,
): PairScore {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  const errors: string[] = [];
  for (let i = 0; i < copies.length; i++) {
    for (let j = i + 1; j < copies.length; j++) {
      const a = copies[i];
      const b = copies[j];
      if (!a || !b) continue;
      const truth = a.story === b.story;
      const predicted = same(a, b);
      if (truth && predicted) truePositives++;
      else if (predicted) {
        falsePositives++;
        errors.push(`+ ${a.story} (${a.outlet}) ~ ${b.story} (${b.outlet})`);
      } else if (truth) {
        falseNegatives++;
        errors.push(`- ${a.story}: ${a.outlet} / ${b.outlet}`);
      }
    }
  }
  return {
    precision: truePositives + falsePositives === 0 ? 1 : truePositives / (truePositives + falsePositives),
    recall: truePositives + falseNegatives === 0 ? 1 : truePositives / (truePositives + falseNegatives),
    truePositives,
    falsePositives,
    falseNegatives,
    pairs: (copies.length * (copies.length - 1)) / 2,
    errors,
  };
}

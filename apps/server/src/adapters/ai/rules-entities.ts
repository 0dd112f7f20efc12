import { COMMODITIES, COUNTRIES } from '@mining-hub/contract/reference-data';
import { DEFINED_TERM, EXCHANGES, LISTING } from '../../lib/company-names.ts';
import { findMentions } from '../../lib/mining-mentions.ts';

/** Who and where a release is about, for the rules analyser: company, project, country and commodities. */

const COMPANY_WITH_LISTING = new RegExp(
  `^(?:The\\s+)?([A-Z0-9][^()“”"\\n]{1,90}?)\\s*(\\((?:the\\s+)?[“"][^)]{1,80}\\)\\s*)?\\(\\s*(${EXCHANGES})\\s*:\\s*([A-Z0-9.]{1,8})`,
);
const LEGAL_SUFFIX =
  /,?\s+(?:Corp\.?|Corporation|Inc\.?|Incorporated|Ltd\.?|Limited|plc|PLC|LLC|S\.A\.|AG|AB|NL|Pty Ltd|Co\.)$/;
const SUBJECT_VERB =
  /\s(?:is pleased|is delighted|announces|announced|has |have |reports|reported|today|provides|confirms|advises|and [A-Z])/;

export function companyOf(lead: string, title: string): { name: string; short: string; ticker: string } {
  const match = COMPANY_WITH_LISTING.exec(lead);
  if (match) {
    const name = (match[1] ?? '').trim();
    const defined =
      /[“"]([^”"]{1,40})[”"]/.exec(match[2] ?? '') ??
      /\([“"]([^”"]{1,40})[”"]/.exec(lead.slice(match[0].length, match[0].length + 80));
    const short = defined?.[1] && defined[1] !== 'Company' ? defined[1] : name.replace(LEGAL_SUFFIX, '');
    return { name, short, ticker: match[4] ?? '' };
  }
  const verb = SUBJECT_VERB.exec(lead);
  if (verb && verb.index > 2 && verb.index < 90 && /^[A-Z]/.test(lead)) {
    const name = lead.slice(0, verb.index).replace(LISTING, '').replace(DEFINED_TERM, '').replace(/,$/, '').trim();
    if (name.split(' ').length <= 8) return { name, short: name.replace(LEGAL_SUFFIX, ''), ticker: '' };
  }
  const fromTitle =
    /^((?:[A-Z][\p{L}&.'’-]*\s){1,5}?)(?:Announces|Reports|Receives|Intersects|Drills|Closes|Raises|Secures|Signs|Enters|Appoints|Provides|Completes|Commences|Begins|Plans|to\s|Expands|Delivers|Awarded|Launches|Makes|Sells|Divests|Options|Extends|Hits|Assays|Upsizes|Strengthens|Finalises|Finalizes|Identifies|Forms|Outlines|Wraps|Confirms|Achieves)/u.exec(
      title,
    );
  const name = fromTitle?.[1]?.trim() ?? '';
  return { name, short: name, ticker: '' };
}

const PROJECT =
  /\b(?:its|the|our|their)\s+((?:[\p{Lu}\d][\p{L}\d'’.&-]*\s+){0,6}(?:Project|Property|Mine|Deposit|Operation|Prospect|Complex|Camp)s?)\b/u;

export function projectOf(texts: readonly string[]): { project: string; location: string } {
  for (const text of texts) {
    const match = PROJECT.exec(text);
    if (!match?.[1]) continue;
    const project = match[1].trim();
    const after = text.slice(match.index + match[0].length).replace(DEFINED_TERM, '');
    const place = /^\s*,?\s*(?:located\s+|situated\s+)?(?:in|near)\s+((?:the\s+)?[^.;]{3,160})/.exec(after);
    let location = place?.[1] ?? '';
    // 'the Red Lake district, Ontario, Canada, starting in Q2 2026' ends before the lower-case clause.
    const clause =
      /,\s+(?=[a-z])|\s+(?:starting|beginning|commencing|which|where|with|and is|that|to|for|totalling)\b/.exec(
        location,
      );
    if (clause) location = location.slice(0, clause.index);
    // 'near its Grizzly Pass Project in the Tombstone Gold Belt, Yukon' locates by another project.
    const nested = /^(?:its|the)\s.*?\b(?:Project|Property|Mine)\s+in\s+(.+)$/.exec(location);
    if (nested?.[1]) location = nested[1];
    return { project, location: location.trim() };
  }
  return { project: '', location: '' };
}

const countryName = new Map(COUNTRIES.map((country) => [country.code, country.name]));
const commodityName = new Map(COMMODITIES.map((commodity) => [commodity.symbol, commodity.name]));

/** The project's country: from its location ('Red Lake, Ontario'), else the first the texts name. */
export function countryOf(location: string, texts: readonly string[]): string {
  const code = findMentions(location).countries[0] ?? findMentions(texts.join('\n')).countries[0];
  return code ? (countryName.get(code) ?? '') : '';
}

/** Commodity names of the first text that names any, main one first: 'diamond drilling' or 'lead manager' name none. */
export function commoditiesOf(texts: readonly string[]): string[] {
  for (const text of texts) {
    const found = findMentions(text).commodities;
    if (found.length > 0) return found.slice(0, 4).map((symbol) => commodityName.get(symbol) ?? symbol);
  }
  return [];
}

import { DEFINED_TERM, LISTING } from '../../lib/company-names.ts';
import { paragraphsOf } from './article-text.ts';

/** A press release's structure for the rules analyser: lead, highlights, body and contact block, datelines and listings removed. */

export const CONTACT_HEADING =
  /^(?:for (?:further|more|additional) information|further information(?!\s+(?:is|can be)\b)|(?:investor|media|company) (?:relations )?contacts?\b|contacts?(?: information)?\s*:|contact:)/i;
export const ABOUT_HEADING = /^about\s+\S/i;
/** A line short enough to head a section: 'About Kestrel Ridge Gold Corp.' ends in a full stop and is still one. */
export const isHeadingLine = (line: string) =>
  line.length < 90 && (!/[.!?]$/.test(line) || line.split(' ').length < 10);
const CAUTION_HEADING =
  /^(?:cautionary|forward[- ]looking|forward looking|caution regarding|disclaimer|competent person|qualified person|quality assurance|qa\/qc|qaqc)/i;
export const BOILERPLATE = new RegExp(
  [
    'forward[- ]looking',
    'neither (?:the )?tsx',
    'has not reviewed, approved or disapproved',
    'inside information for the purposes',
    'authori[sz]ed for release by',
    'reviewed and approved by',
    'competent person',
    'qualified person',
    '^on behalf of the board',
    '^asx announcement',
    'further information is available',
    'not for (?:distribution|dissemination)',
    'accepts? (?:no )?responsibility for the adequacy',
    '^(?:table|figure) \\d',
    'certified reference materials',
  ].join('|'),
  'i',
);
const DATE_ONLY = /^(?:\d{1,2} [A-Z][a-z]+ \d{4}|[A-Z][a-z]+ \d{1,2}, \d{4})$/;
const TABLE_RULE = /^-{3,}(?:\s+-{3,})*$/m;

/** A short line without a full stop: a heading such as 'Highlights', 'Next Steps' or 'About X Corp.'. */
const isHeading = (paragraph: string) =>
  paragraph.length < 90 &&
  !paragraph.includes('\n') &&
  !/^[•\-–*]\s/.test(paragraph) &&
  (!/[.!?:]$/.test(paragraph) ||
    ((ABOUT_HEADING.test(paragraph) || CAUTION_HEADING.test(paragraph)) && paragraph.split(' ').length < 10));

interface Sections {
  lead: string;
  body: string[];
  highlights: string[];
  contactBlock: string;
}

export function sections(text: string): Sections {
  const paragraphs = paragraphsOf(text);
  let contactAt = paragraphs.findIndex((p) => CONTACT_HEADING.test(p));
  if (contactAt < 0) contactAt = paragraphs.length;
  const contactBlock = paragraphs.slice(contactAt).join('\n\n');
  const body: string[] = [];
  const highlights: string[] = [];
  let lead = '';
  let skipping = false;
  let inHighlights = false;
  for (const paragraph of paragraphs.slice(0, contactAt)) {
    if (isHeading(paragraph)) {
      skipping = ABOUT_HEADING.test(paragraph) || CAUTION_HEADING.test(paragraph) || /^on behalf of/i.test(paragraph);
      inHighlights = /highlights|key points|summary/i.test(paragraph);
      continue;
    }
    if (
      skipping ||
      BOILERPLATE.test(paragraph) ||
      DATE_ONLY.test(paragraph) ||
      TABLE_RULE.test(paragraph) ||
      paragraph.includes(' | ')
    ) {
      continue;
    }
    const bullets = paragraph.split('\n').filter((line) => /^[•\-–*]\s/.test(line));
    if (bullets.length > 0 && bullets.length === paragraph.split('\n').length) {
      const items = bullets.map((line) => line.replace(/^[•\-–*]\s+/, '').trim());
      if (inHighlights || !lead) highlights.push(...items);
      else body.push(...items.map((item) => (/[.!?]$/.test(item) ? item : `${item}.`)));
      continue;
    }
    inHighlights = false;
    if (!lead && paragraph.length > 60) lead = paragraph.replace(/\n/g, ' ');
    else body.push(paragraph.replace(/\n/g, ' '));
  }
  return { lead, body, highlights, contactBlock };
}

// Datelines: 'VANCOUVER, BC, March 3, 2026 /Wire/ - ', 'Vancouver, British Columbia--(Wire - March 3, 2026) - ',
// 'Perth, Western Australia – 3 March 2026: '.
const DATELINES = [
  /^[^\n]{0,140}?\/[^/\n]{2,60}\/\s*[-–—:]+\s*/,
  // 'Vancouver, British Columbia - TheNewswire - January 2025 - '
  /^[^\n]{0,100}?\s[-–—]\s(?:TheNewswire|Accesswire|ACCESSWIRE|Newsfile Corp\.?|Business Wire|BUSINESS WIRE|PRNewswire|GLOBE NEWSWIRE|GlobeNewswire|Marketwired)\s[-–—]\s(?:[^\n]{0,30}?\b(?:19|20)\d{2}\s[-–—]\s)?/,
  // 'VANCOUVER, BC / ACCESSWIRE / January 12, 2026 / '
  /^[^\n]{0,160}?\b(?:19|20)\d{2}\s*\/\s*(?:[-–—]\s*)?/,
  /^[^\n]{0,140}?--\s*\([^)\n]{0,100}\)\s*[-–—:]*\s*/,
  /^[A-Z][\p{L} .,'’-]{1,80}?[-–—,(]\s*(?:\d{1,2} [A-Z][a-z]+|[A-Z][a-z]+\.? \d{1,2},?) \d{4}\)?\s*[-–—:/]+\s*(?:\([^)]{1,40}\)\s*[-–—]*\s*)?/u,
];

export function stripDateline(paragraph: string): string {
  for (const pattern of DATELINES) {
    const match = pattern.exec(paragraph);
    if (match && match[0].length < 200) return paragraph.slice(match[0].length);
  }
  return paragraph;
}

/** A sentence as a summary may quote it: no tickers or defined terms, 'is pleased to announce' made plain. */
export function cleanSentence(sentence: string): string {
  return sentence
    .replace(LISTING, '')
    .replace(DEFINED_TERM, '')
    .replace(
      /\b(is|are) (?:pleased|delighted|excited|happy|proud) to (announce|report|provide|confirm|advise|outline|share|update)\b/g,
      (_, verb: string, act: string) => (verb === 'is' ? `${act}s` : act),
    )
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:])/g, '$1')
    .trim();
}

/** A quoted remark ('“…,” said X'): colour rather than a stated fact. */
export const isQuote = (text: string) =>
  /[“”"]/.test(text) && /\b(?:said|says|commented|stated|added|noted)\b/.test(text);

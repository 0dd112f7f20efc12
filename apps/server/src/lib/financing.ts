/**
 * Which instrument a financing sentence is about, for the article classifier and the rules analyser. The
 * instrument decides the type, not the words around it: a share placement that repays a loan is equity, a
 * placement of convertible notes is debt (the notes are a loan until they convert), a gold stream is a stream.
 */

export type FinancingKind = 'equity' | 'debt' | 'royalty-stream' | 'grant';

export interface FinancingInstrument {
  kind: FinancingKind;
  /** The words that name it, as written: 'convertible notes', 'flow-through private placement'. */
  phrase: string;
  /** The article type of the financings group it stands for. */
  type:
    | 'private-placement'
    | 'bought-deal'
    | 'flow-through-financing'
    | 'rights-offering'
    | 'debt-financing'
    | 'royalty-stream'
    | 'government-funding';
}

// What the money will do is not what was raised: '…; proceeds will repay the debt facility'.
const USE_OF_PROCEEDS =
  /\b(?:to|will|would|and|used to|applied to)\s+(?:(?:fully|partly|partially)\s+)?(?:repay|refinance|retire|redeem|pay (?:down|off|out)|settle|replace)\b[^.;]*|\b(?:repayment|refinancing|redemption|retirement|settlement) of\b[^.;]*/gi;

// Most specific first; a sentence's type is the first of these it names.
const INSTRUMENTS: { kind: FinancingKind; type: FinancingInstrument['type']; pattern: RegExp }[] = [
  {
    kind: 'debt',
    type: 'debt-financing',
    pattern: /\bconvertible (?:senior )?(?:notes?|debentures?|bonds?|loans?|securities|facilit(?:y|ies))\b/i,
  },
  {
    kind: 'equity',
    type: 'flow-through-financing',
    pattern: /\bflow[- ]through(?: (?:private placement|financing|offering|placement|shares|units))?\b/i,
  },
  { kind: 'equity', type: 'bought-deal', pattern: /\bbought[- ]deal\b/i },
  {
    kind: 'equity',
    type: 'rights-offering',
    pattern: /\b(?:(?:non-)?renounceable )?(?:rights (?:issue|offering)|entitlement (?:offer|issue)|open offer)\b/i,
  },
  {
    kind: 'equity',
    type: 'private-placement',
    pattern:
      /\b(?:(?:non-)?brokered )?(?:private placements?|(?:share |equity |institutional )?placements?|placing|share purchase plan|share purchase(?! agreement)|SPP|equity (?:financing|raising|raise|offering)|capital raising|share (?:issue|issuance)|issue of (?:[\w-]+ ){0,3}(?:new )?(?:ordinary )?shares|(?:initial )?(?:public|prospectus|LIFE) offering|IPO)\b/i,
  },
  {
    kind: 'royalty-stream',
    type: 'royalty-stream',
    // A royalty changing hands, not one a property is merely 'subject to'.
    pattern:
      /\b(?:streaming (?:agreement|deal|transaction|financing)|(?:gold|silver|copper|precious metals?|cobalt|nickel) stream(?:ing)?(?! sediment)|stream (?:agreement|financing|transaction)|royalty (?:sale|financing|agreement|purchase|transaction)|(?:gold|silver|gold and silver|precious metals?) purchase agreement|(?:sells?|sold|selling|buys?|bought|buying|acquires?|acquired|acquiring|purchases?|purchased|purchasing|grants?|granted|closes?|closed|completes?|completed)\b(?:[^.;]|\.\d){0,40}\broyalt(?:y|ies))\b/i,
  },
  {
    kind: 'debt',
    type: 'debt-financing',
    pattern:
      /\b(?:(?:senior |secured |unsecured |promissory )+notes?|notes? (?:offering|issue|due \d{4})|debentures?|(?:green |nordic |senior )?bonds? (?:issue|offering|financing)|(?:(?:project|secured|senior) )?(?:credit|debt|loan|term|bridge|revolving|working capital|project finance|project financing|stream) facilit(?:y|ies)|(?:term |bridge |project |shareholder |secured )loans?|loans? (?:agreement|notes?|of)|debt (?:financing|package)|(?:(?:senior|secured|unsecured|subordinated|convertible|mezzanine),? )+debt\b|project financ(?:e|ing) package)\b/i,
  },
  {
    kind: 'grant',
    type: 'government-funding',
    // 'Grant agreement for up to $49 million executed with the Commonwealth', 'a federal critical minerals grant'.
    pattern:
      /\b(?:government (?:grant|funding)|grant of (?:up to )?(?:[A-Z]{0,3}\$|€|£)|grant (?:agreement|funding)|grants? (?:awarded|received|approved)\b|Exploration Incentive Scheme|(?:federal|state|provincial|Commonwealth|government) (?:[\w-]+ ){0,3}grants?\b)/i,
  },
];

// One cheap test before the instruments: most sentences of a release raise no money.
const MAY_FINANCE =
  /placement|placing|\bIPO\b|flow[- ]through|bought|rights|entitlement|open offer|share purchase|SPP|equity|capital raising|offering|royalt|stream|notes?\b|debenture|bond|loan|facilit|debt|financ|grant|purchase agreement|Incentive Scheme|share issu|issue of/i;

/**
 * The instruments a sentence (or headline) raises money with, most specific first, leaving out what the
 * proceeds will repay. A convertible makes the placement that sells it a debt financing.
 */
export function financingInstruments(sentence: string): FinancingInstrument[] {
  if (!MAY_FINANCE.test(sentence)) return [];
  let rest = sentence.replace(USE_OF_PROCEEDS, ' ');
  const found: FinancingInstrument[] = [];
  for (const { kind, type, pattern } of INSTRUMENTS) {
    const match = pattern.exec(rest);
    if (!match) continue;
    if (type === 'private-placement' && found.some((f) => f.phrase.toLowerCase().startsWith('convertible'))) continue;
    // 'bought a 1.5% NSR royalty' is named by its last words.
    const phrase = match[0].replace(/^.*?\b((?:[\d.]+% )?(?:\S+ )?royalt(?:y|ies))$/i, '$1');
    found.push({ kind, type, phrase });
    // 'convertible notes' is not also 'notes', a 'flow-through private placement' not also a placement.
    rest = rest.slice(0, match.index) + ' '.repeat(match[0].length) + rest.slice(match.index + match[0].length);
  }
  return found;
}

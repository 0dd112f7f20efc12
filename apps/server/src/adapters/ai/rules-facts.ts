import type { MiningFacts } from '@mining-hub/contract/facts';

/** The facts the rules analyser reads out of an article (rules-extraction.ts) and writes its answer from. */

export interface ContactFact {
  first_name: string;
  last_name: string;
  email: string;
  job_title: string;
  phone_number: string;
}

export interface DrillingFact {
  /** Drilling announced, planned, committed or continuing (not results of finished drilling alone). */
  planned: boolean;
  /** Rigs are already turning. */
  underway: boolean;
  /** Metres of the planned or continuing program. */
  metres: number | null;
  /** The timing phrase as worded: 'starting in Q2 2026'. */
  timeline: string;
  /** The sentences describing the program. */
  details: string;
  /** 'diamond', 'reverse circulation (RC)'… */
  method: string;
  holes: number | null;
  contractor: string;
}

export type SignalKind =
  | 'financing'
  | 'debt'
  | 'royalty'
  | 'grant'
  | 'acquisition'
  | 'option'
  | 'joint-venture'
  | 'earn-in'
  | 'merger'
  | 'takeover'
  | 'divestiture'
  | 'resource'
  | 'study'
  | 'permit'
  | 'construction'
  | 'contract'
  | 'targets'
  | 'results'
  | 'production'
  | 'management';

export interface SalesSignal {
  kind: SignalKind;
  /** One line for a person: 'Financing: bought deal of C$45 million'. */
  text: string;
  /** Money named with it, as written: 'C$45 million'. */
  amount?: string;
  /** The instrument raised, as written: 'bought deal', 'flow-through financing'. */
  instrument?: string;
  /** The release says the money is in: 'closed', 'completed', 'raised' (not 'closing is expected'). */
  closed?: boolean;
}

export interface ArticleFacts {
  title: string;
  source: string;
  url: string | null;
  publishedAt: Date | null;
  /** Legal name as the release gives it: 'Lenga Silver Corp.'; '' when not found. */
  company: string;
  /** How the release calls the company for short: 'Lenga'. */
  companyShort: string;
  ticker: string;
  /** 'La Maciega Silver-Gold Project'. */
  project: string;
  /** 'the Deseado Massif, Santa Cruz Province, Argentina'. */
  location: string;
  country: string;
  /** Commodity names, main one first: ['Silver', 'Gold']. */
  commodities: string[];
  /** Cleaned sentences of the opening paragraph (dateline, tickers and defined terms removed). */
  lead: string[];
  /** Cleaned sentences of the body after the opening paragraph, without boilerplate. */
  body: string[];
  highlights: string[];
  drilling: DrillingFact;
  signals: SalesSignal[];
  contacts: ContactFact[];
  /** People quoted in the release, who are not in the contact block. */
  speakers: ContactFact[];
  fullyFunded: boolean;
  /** The facts extractor's facts (modules/facts): intercepts, programmes, resources, studies, financings. */
  mining: MiningFacts;
}

/** One mining project as the scraper assembles it: what the exports are built from. */
export interface ScrapedProject {
  /** The source's own project id. */
  gid: string;
  name: string;
  /** Commodity symbols (Au, Cu, Li…) as in the contract's reference data. */
  commodities: string[];
  /** Exploration, Resource Definition, Pre-Feasibility, Feasibility, Development, Production, Care & Maintenance… */
  stage: string | null;
  /** ISO 3166 alpha-2 code. */
  country: string;
  /** State, province or region name when known. */
  region: string | null;
  /** Free-text location ("120 km north of Kalgoorlie"). */
  location: string | null;
  owner: ProjectOwner | null;
  /**
   * Joint-venture holders with their shares in per cent (the owner among them), when the source says; a
   * source without ownership data leaves it out.
   */
  joint_venture?: ProjectPartner[];
  contacts: ProjectContact[];
  /** The page or API address the details came from. */
  source_url: string;
}

export interface ProjectOwner {
  name: string;
  ticker: string | null;
  exchange: string | null;
  /** Millions of US dollars. */
  market_cap_musd: number | null;
  website: string | null;
}

export interface ProjectPartner {
  name: string;
  ticker: string | null;
  exchange: string | null;
  share_pct: number | null;
}

export interface ProjectContact {
  name: string;
  title: string | null;
  email: string | null;
  phone: string | null;
}

/** One HTTP request of the crawl. */
export interface CrawlRequest {
  url: string;
  headers?: Record<string, string>;
}

/** What a crawler hands a source to parse. */
export interface CrawlResponse {
  url: string;
  body: string;
  contentType: string;
}

/**
 * What a project page's HTTP answer gave. A page that renders part of its details with a script needs the
 * browser only when nothing else says where those details come from: when the page names the data its
 * script loads, the crawler fetches that over HTTP too (`needs-data`).
 */
export type ProjectParseResult =
  | { kind: 'project'; project: ScrapedProject }
  /** Part of the details come from `request` (what the page's script loads): fetch it and `parseProjectData`. */
  | { kind: 'needs-data'; request: CrawlRequest }
  /** Part of the details (the contacts) render only with JavaScript: load the page in the browser. */
  | { kind: 'needs-browser' };

/**
 * A directory of mining projects the scraper crawls (adapter, DESIGN.md section 1): the bundled demo
 * directory or MiningHub. The crawler owns fetching, retries and concurrency; a source only says
 * what to request and how to read the answers.
 */
export interface ProjectSource {
  readonly name: string;
  /** ISO codes of every country the directory covers (production mode without `countries`). */
  listCountries(): Promise<string[]>;
  /** First discovery request(s) for one country. */
  discoveryRequests(countryCode: string): CrawlRequest[];
  /** Reads a discovery page: project ids found and further pages of the same country to fetch. */
  parseDiscovery(response: CrawlResponse): { gids: string[]; next: CrawlRequest[] };
  /** The request that fetches one project's details. */
  projectRequest(gid: string): CrawlRequest;
  /** Reads a project's details; throws (with a reason) when the answer is unusable. */
  parseProject(gid: string, response: CrawlResponse): ProjectParseResult;
  /** The details from a page that answered `needs-data` and the data it named; a source that never does omits it. */
  parseProjectData?(gid: string, page: CrawlResponse, data: CrawlResponse): ScrapedProject;
  /** CSS selector that appears once a JavaScript-rendered project page has rendered its details. */
  readonly browserReadySelector: string;
}

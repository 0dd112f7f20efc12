import fs from 'node:fs';
import path from 'node:path';
import { COUNTRIES } from '@mining-hub/contract/reference-data';
import type { ScraperOutputType, ScraperSkippedPage } from '@mining-hub/contract/scraper';
import type ExcelJS from 'exceljs';
import type { ProjectContact, ScrapedProject } from '../adapters/project-sources/project-source.ts';

/** A company with its projects and contacts, in the CRM push's own vocabulary (company + CrmContact). */
export interface CrmReadyCompany {
  name: string;
  domain: string | null;
  ticker: string | null;
  exchange: string | null;
  market_cap_musd: number | null;
  website: string | null;
  contacts: CrmReadyContact[];
  projects: CrmReadyProject[];
}

export interface CrmReadyContact {
  email: string | null;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  phone: string | null;
  /** gids of the projects this person is named on. */
  projects: string[];
}

export type CrmReadyProject = Omit<ScrapedProject, 'owner' | 'contacts'> & { country_name: string };

export interface ExportRunInfo {
  runId: number;
  mode: string;
  source: string;
  startedAt: Date;
}

/** What the processing report says about the run, besides the projects themselves. */
export interface ProcessingReport {
  run: { id: number; mode: string; source: string; settings: Record<string, unknown> };
  started_at: string;
  finished_at: string;
  duration_seconds: number;
  phases: {
    discovery: {
      seconds: number;
      pages: number;
      countries: number;
      projects_found: number;
      failures: { country: string; url: string; reason: string }[];
    };
    assembly: {
      seconds: number;
      projects_total: number;
      projects_completed: number;
      projects_failed: number;
      /** Pages that need a browser, skipped because none could be started. */
      projects_skipped: number;
      /** Project pages fetched over HTTP. */
      http_pages: number;
      /** The data script-rendered pages name, fetched over HTTP instead of rendering them. */
      http_data_requests: number;
      /** Project pages rendered in Chromium. */
      browser_pages: number;
      http_pages_per_minute: number | null;
      browser_pages_per_minute: number | null;
      retries: number;
    };
    export: { seconds: number; files: string[] };
  };
  failures: { gid: string; reason: string }[];
  skipped: ScraperSkippedPage[];
  throughput: { projects_per_minute: number | null };
}

export const OUTPUT_EXTENSIONS: Record<ScraperOutputType, string> = { json: '.json', excel: '.xlsx', reports: '.json' };

const countryNames = new Map(COUNTRIES.map((country) => [country.code, country.name]));

/** `20261123-101500` in UTC: the run's timestamp in its file names. */
export function outputStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

export function outputFileNames(startedAt: Date): Record<ScraperOutputType, string> {
  const stamp = outputStamp(startedAt);
  return {
    json: `mining-projects-${stamp}.json`,
    excel: `mining-projects-${stamp}.xlsx`,
    reports: `processing-report-${stamp}.json`,
  };
}

/** Groups projects by owner company (name and ticker), with each company's contacts merged by email. */
export function groupByCompany(projects: ScrapedProject[]): {
  companies: CrmReadyCompany[];
  unowned: CrmReadyProject[];
} {
  const companies = new Map<string, CrmReadyCompany>();
  const unowned: CrmReadyProject[] = [];
  for (const project of projects) {
    const { owner, contacts, ...details } = project;
    const projectRow: CrmReadyProject = {
      ...details,
      country_name: countryNames.get(project.country) ?? project.country,
    };
    if (!owner) {
      unowned.push(projectRow);
      continue;
    }
    const key = `${owner.name.trim().toLowerCase()}|${owner.ticker ?? ''}`;
    let company = companies.get(key);
    if (!company) {
      company = {
        name: owner.name,
        domain: domainOf(owner.website),
        ticker: owner.ticker,
        exchange: owner.exchange,
        market_cap_musd: owner.market_cap_musd,
        website: owner.website,
        contacts: [],
        projects: [],
      };
      companies.set(key, company);
    }
    company.projects.push(projectRow);
    for (const contact of contacts) mergeContact(company.contacts, contact, project.gid);
  }
  const sorted = [...companies.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { companies: sorted, unowned };
}

function mergeContact(contacts: CrmReadyContact[], contact: ProjectContact, gid: string): void {
  const email = contact.email?.trim().toLowerCase() || null;
  const existing = contacts.find((known) =>
    email ? known.email === email : !known.email && `${known.firstName} ${known.lastName}` === contact.name.trim(),
  );
  if (existing) {
    if (!existing.projects.includes(gid)) existing.projects.push(gid);
    existing.jobTitle ??= contact.title;
    existing.phone ??= contact.phone;
    return;
  }
  const [firstName = '', ...rest] = contact.name.trim().split(/\s+/);
  contacts.push({
    email,
    firstName,
    lastName: rest.join(' '),
    jobTitle: contact.title,
    phone: contact.phone,
    projects: [gid],
  });
}

function domainOf(website: string | null): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** The CRM-ready JSON: companies with their projects and contacts. */
export function buildCrmReadyJson(projects: ScrapedProject[], run: ExportRunInfo, generatedAt: Date) {
  const { companies, unowned } = groupByCompany(projects);
  return {
    format: 'mining-hub.crm-import',
    version: 1,
    generated_at: generatedAt.toISOString(),
    run: { id: run.runId, mode: run.mode, source: run.source, started_at: run.startedAt.toISOString() },
    summary: {
      companies: companies.length,
      projects: projects.length,
      contacts: companies.reduce((sum, company) => sum + company.contacts.length, 0),
    },
    companies,
    unowned_projects: unowned,
  };
}

/** Writes a file next to its final name first, so a listing never shows half a file. */
async function writeAtomically(file: string, write: (temporary: string) => Promise<void>): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
  await write(temporary);
  await fs.promises.rename(temporary, file);
}

export async function writeJsonFile(file: string, value: unknown): Promise<void> {
  await writeAtomically(file, (temporary) => fs.promises.writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`));
}

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } };

function addSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: { header: string; key: string; width: number }[],
  rows: Record<string, unknown>[],
): void {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns;
  sheet.addRows(rows);
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = HEADER_FILL;
  header.alignment = { vertical: 'middle' };
  if (rows.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
}

/** The Excel report: Projects, Companies, Contacts and Summary sheets. */
export async function writeExcelFile(
  file: string,
  projects: ScrapedProject[],
  run: ExportRunInfo,
  summary: [string, string | number][],
): Promise<void> {
  const { companies } = groupByCompany(projects);
  // Loaded when first needed: the server starts without it (it takes a quarter of a second to load).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Mining Sales Hub';
  workbook.created = run.startedAt;
  addSheet(
    workbook,
    'Projects',
    [
      { header: 'Project ID', key: 'gid', width: 14 },
      { header: 'Project', key: 'name', width: 32 },
      { header: 'Commodities', key: 'commodities', width: 18 },
      { header: 'Stage', key: 'stage', width: 18 },
      { header: 'Country', key: 'country', width: 16 },
      { header: 'Region', key: 'region', width: 20 },
      { header: 'Location', key: 'location', width: 36 },
      { header: 'Owner', key: 'owner', width: 30 },
      { header: 'Ticker', key: 'ticker', width: 10 },
      { header: 'Exchange', key: 'exchange', width: 10 },
      { header: 'Contacts', key: 'contacts', width: 10 },
      { header: 'Source', key: 'source_url', width: 48 },
    ],
    projects.map((project) => ({
      gid: project.gid,
      name: project.name,
      commodities: project.commodities.join(', '),
      stage: project.stage ?? '',
      country: countryNames.get(project.country) ?? project.country,
      region: project.region ?? '',
      location: project.location ?? '',
      owner: project.owner?.name ?? '',
      ticker: project.owner?.ticker ?? '',
      exchange: project.owner?.exchange ?? '',
      contacts: project.contacts.length,
      source_url: project.source_url,
    })),
  );
  addSheet(
    workbook,
    'Companies',
    [
      { header: 'Company', key: 'name', width: 32 },
      { header: 'Ticker', key: 'ticker', width: 10 },
      { header: 'Exchange', key: 'exchange', width: 10 },
      { header: 'Market cap (US$ M)', key: 'market_cap_musd', width: 18 },
      { header: 'Website', key: 'website', width: 34 },
      { header: 'Domain', key: 'domain', width: 26 },
      { header: 'Projects', key: 'projects', width: 10 },
      { header: 'Contacts', key: 'contacts', width: 10 },
      { header: 'Countries', key: 'countries', width: 30 },
    ],
    companies.map((company) => ({
      name: company.name,
      ticker: company.ticker ?? '',
      exchange: company.exchange ?? '',
      market_cap_musd: company.market_cap_musd ?? '',
      website: company.website ?? '',
      domain: company.domain ?? '',
      projects: company.projects.length,
      contacts: company.contacts.length,
      countries: [...new Set(company.projects.map((project) => project.country_name))].join(', '),
    })),
  );
  addSheet(
    workbook,
    'Contacts',
    [
      { header: 'First name', key: 'firstName', width: 16 },
      { header: 'Last name', key: 'lastName', width: 18 },
      { header: 'Title', key: 'jobTitle', width: 28 },
      { header: 'Email', key: 'email', width: 34 },
      { header: 'Phone', key: 'phone', width: 20 },
      { header: 'Company', key: 'company', width: 32 },
      { header: 'Projects', key: 'projects', width: 30 },
    ],
    companies.flatMap((company) =>
      company.contacts.map((contact) => ({
        ...contact,
        email: contact.email ?? '',
        jobTitle: contact.jobTitle ?? '',
        phone: contact.phone ?? '',
        company: company.name,
        projects: contact.projects.join(', '),
      })),
    ),
  );
  addSheet(
    workbook,
    'Summary',
    [
      { header: 'Item', key: 'item', width: 30 },
      { header: 'Value', key: 'value', width: 40 },
    ],
    summary.map(([item, value]) => ({ item, value })),
  );
  await writeAtomically(file, (temporary) => workbook.xlsx.writeFile(temporary));
}

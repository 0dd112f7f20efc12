import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ScrapedProject } from '../adapters/project-sources/project-source.ts';
import { buildCrmReadyJson, outputFileNames, writeExcelFile } from './scraper-exports.ts';

const owner = {
  name: 'Redgum Resources',
  ticker: 'RGR',
  exchange: 'ASX',
  market_cap_musd: 120,
  website: 'https://www.redgum.example',
};
const projects: ScrapedProject[] = [
  {
    gid: 'AU-1',
    name: 'Ironbark Gold',
    commodities: ['Au', 'Cu'],
    stage: 'Exploration',
    country: 'AU',
    region: 'Western Australia',
    location: '40 km east of Kalgoorlie',
    owner,
    contacts: [{ name: 'Jane Mary Smith', title: 'CEO', email: 'Jane@Redgum.example', phone: '+61 8 9000 0000' }],
    source_url: 'http://dir/projects/AU-1',
  },
  {
    gid: 'CA-2',
    name: 'Boreal Lithium',
    commodities: ['Li'],
    stage: 'Feasibility',
    country: 'CA',
    region: 'Quebec',
    location: null,
    owner,
    contacts: [
      { name: 'Jane Mary Smith', title: null, email: 'jane@redgum.example', phone: null },
      { name: 'Tom Lee', title: 'Exploration Manager', email: null, phone: null },
    ],
    source_url: 'http://dir/projects/CA-2',
  },
  {
    ...{
      gid: 'PE-3',
      name: 'Andes Copper',
      commodities: ['Cu'],
      stage: null,
      country: 'PE',
      region: null,
      location: null,
    },
    owner: null,
    contacts: [],
    source_url: 'http://dir/projects/PE-3',
  },
];
const run = { runId: 7, mode: 'test', source: 'demo directory', startedAt: new Date('2026-11-23T10:15:00Z') };

describe('scraper exports', () => {
  let dir: string | undefined;
  afterEach(async () => dir && rm(dir, { recursive: true, force: true }));

  it('names files with the run timestamp', () => {
    expect(outputFileNames(run.startedAt)).toEqual({
      json: 'mining-projects-20261123-101500.json',
      excel: 'mining-projects-20261123-101500.xlsx',
      reports: 'processing-report-20261123-101500.json',
    });
  });

  it('CRM-ready JSON: one company with both projects, contacts merged by email in the CRM push vocabulary', () => {
    const json = buildCrmReadyJson(projects, run, new Date('2026-11-23T10:16:00Z'));
    expect(json.summary).toEqual({ companies: 1, projects: 3, contacts: 2 });
    const [company] = json.companies;
    expect(company).toMatchObject({
      name: 'Redgum Resources',
      domain: 'redgum.example',
      ticker: 'RGR',
      exchange: 'ASX',
    });
    expect(company?.projects.map((p) => p.gid)).toEqual(['AU-1', 'CA-2']);
    expect(company?.projects[1]?.country_name).toBe('Canada');
    expect(company?.contacts).toEqual([
      {
        email: 'jane@redgum.example',
        firstName: 'Jane',
        lastName: 'Mary Smith',
        jobTitle: 'CEO',
        phone: '+61 8 9000 0000',
        projects: ['AU-1', 'CA-2'],
      },
      {
        email: null,
        firstName: 'Tom',
        lastName: 'Lee',
        jobTitle: 'Exploration Manager',
        phone: null,
        projects: ['CA-2'],
      },
    ]);
    expect(json.unowned_projects.map((p) => p.gid)).toEqual(['PE-3']);
  });

  it('Excel: Projects, Companies, Contacts and Summary sheets with a styled, frozen, filtered header', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'exports-'));
    const file = path.join(dir, 'excel', 'report.xlsx');
    await writeExcelFile(file, projects, run, [['Projects exported', 3]]);
    expect(await readdir(path.dirname(file))).toEqual(['report.xlsx']); // no partial file left behind

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Projects', 'Companies', 'Contacts', 'Summary']);
    const sheet = workbook.getWorksheet('Projects');
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(1).getCell(2).value).toBe('Project');
    expect(sheet?.getRow(1).font?.bold).toBe(true);
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.autoFilter).toBeTruthy();
    expect(sheet?.getRow(2).getCell(5).value).toBe('Australia');
    expect(workbook.getWorksheet('Contacts')?.rowCount).toBe(3);
    expect(workbook.getWorksheet('Summary')?.getRow(2).values).toEqual([undefined, 'Projects exported', 3]);
  });
});

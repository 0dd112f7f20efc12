import { describe, expect, it } from 'vitest';
import { findCommodity, findCountry, findState } from '@mining-hub/contract/reference-data';
import { PROJECT_STAGES } from './demo-directory-data.ts';
import { buildDemoDirectory, loadDemoDirectory } from './demo-directory.ts';

const directory = loadDemoDirectory();
const { projects, companies } = directory;

describe('demo directory dataset', () => {
  it('has about 360 projects in at least 12 countries, 60 of them in Australia', () => {
    expect(projects.length).toBeGreaterThanOrEqual(340);
    expect(projects.length).toBeLessThanOrEqual(380);
    expect(directory.countries.length).toBeGreaterThanOrEqual(12);
    expect(directory.projectsIn('AU')).toHaveLength(60);
    for (const code of ['CA', 'US', 'PE', 'CL', 'MX', 'BR', 'AR', 'FI', 'SE']) {
      expect(directory.projectsIn(code).length, code).toBeGreaterThanOrEqual(10);
    }
    const african = ['ZA', 'GH', 'TZ', 'ZM', 'CD', 'NA', 'ML', 'BF'].filter(
      (code) => directory.projectsIn(code).length > 0,
    );
    expect(african.length).toBeGreaterThanOrEqual(5);
    expect(directory.countries.reduce((sum, country) => sum + country.projectCount, 0)).toBe(projects.length);
  });

  it('gives every project a stable gid of its country, unique names and reference-data values', () => {
    expect(new Set(projects.map((p) => p.gid)).size).toBe(projects.length);
    expect(new Set(projects.map((p) => p.name)).size).toBe(projects.length);
    for (const project of projects) {
      expect(project.gid).toMatch(new RegExp(`^${project.country}-\\d{4}$`));
      expect(findCountry(project.country)?.code).toBe(project.country);
      expect(project.commodities.length).toBeGreaterThan(0);
      for (const symbol of project.commodities) expect(findCommodity(symbol)?.symbol, symbol).toBe(symbol);
      expect(PROJECT_STAGES).toContain(project.stage);
      expect(project.region.length).toBeGreaterThan(2);
      expect(project.location).toMatch(/^(\d+ km [a-z-]+ of|near) \S/);
    }
    // US and Canadian regions are the reference data's states and provinces.
    for (const project of projects.filter((p) => p.country === 'US' || p.country === 'CA')) {
      expect(findState(project.region)?.country).toBe(project.country);
    }
    expect(directory.project('AU-0001')?.country).toBe('AU');
    expect(directory.project('XX-0001')).toBeUndefined();
    expect(directory.projectsIn('NZ')).toEqual([]);
  });

  it('renders about 30 % of the contacts with JavaScript only, 18 of the 60 in Australia', () => {
    const share = projects.filter((p) => p.js_only).length / projects.length;
    expect(share).toBeGreaterThan(0.27);
    expect(share).toBeLessThan(0.33);
    expect(directory.projectsIn('AU').filter((p) => p.js_only)).toHaveLength(18);
  });

  it('has about 120 listed owners, some in several countries, each owning a project', () => {
    expect(companies.length).toBeGreaterThanOrEqual(100);
    expect(companies.length).toBeLessThanOrEqual(140);
    expect(new Set(companies.map((c) => c.ticker)).size).toBe(companies.length);
    expect(new Set(companies.map((c) => c.name)).size).toBe(companies.length);
    for (const company of companies) {
      expect(company.project_gids.length, company.name).toBeGreaterThan(0);
      expect(['ASX', 'TSX', 'TSXV', 'NYSE', 'LSE', 'JSE', 'AIM']).toContain(company.exchange);
      expect(company.ticker).toMatch(/^[A-Z]{3}$/);
      expect(company.website).toBe(`https://www.${company.domain}`);
      expect(company.domain).toMatch(/^[a-z]+\.example$/);
      expect(company.market_cap_musd).toBeGreaterThan(0);
    }
    const multiCountry = companies.filter((c) => new Set(c.project_gids.map((gid) => gid.slice(0, 2))).size > 1);
    expect(multiCountry.length).toBeGreaterThanOrEqual(10);
    for (const project of projects) expect(project.owner.project_gids).toContain(project.gid);
  });

  it('gives every project 1–3 contacts with e-mail at the owner domain and a phone of the country', () => {
    for (const project of projects) {
      expect(project.contacts.length).toBeGreaterThanOrEqual(1);
      expect(project.contacts.length).toBeLessThanOrEqual(3);
      for (const contact of project.contacts) {
        expect(contact.name).toMatch(/\S+ \S+/);
        expect(contact.title.length).toBeGreaterThan(2);
        expect(contact.email).toMatch(new RegExp(`^[a-z0-9.]+@${project.owner.domain.replace('.', '\\.')}$`));
        expect(contact.phone).toMatch(/^\+\d{1,3} [\d ()-]+$/);
      }
      // Site staff (after the head-office contact) have a phone in the project's country.
      const prefix = { AU: '+61 ', CA: '+1 ', US: '+1 ', PE: '+51 ', ZA: '+27 ', GH: '+233 ' }[project.country];
      for (const contact of project.contacts.slice(1)) if (prefix) expect(contact.phone.startsWith(prefix)).toBe(true);
    }
  });

  it('is deterministic: two builds are deep-equal', () => {
    const again = buildDemoDirectory();
    expect(again.projects).toEqual(projects);
    expect(again.companies).toEqual(companies);
    expect(loadDemoDirectory()).toBe(directory);
  });
});

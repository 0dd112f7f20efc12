import { FACT_KINDS, formatMoney, formatNumber, gradeText } from '@mining-hub/contract/fact-lines';
import type { MiningFacts } from '@mining-hub/contract/facts';
import type { ReactNode } from 'react';
import { TableScroll } from '../../../components/table-scroll.tsx';

type Kind = (typeof FACT_KINDS)[number];
type FactOf<K extends Kind> = MiningFacts[K][number];

/** A fact picked to show its sentence: which one, and the span of text it was read from. */
export interface PickedFact {
  key: string;
  quote: string;
  start: number;
  end: number;
}

interface Column<K extends Kind> {
  header: string;
  cell: (fact: FactOf<K>) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** Long words (names, use of proceeds) may wrap; other cells keep to one line and the table scrolls. */
  wrap?: boolean;
}

const dash = '—';
const num = (value: number | null, digits = 2) => (value === null ? dash : formatNumber(value, digits));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** Each kind's title, what one row is called (for the button's name), and its columns. */
const TABLES: { [K in Kind]: { title: string; noun: (fact: FactOf<K>) => string; columns: Column<K>[] } } = {
  issuers: {
    title: 'Issuer',
    noun: (fact) => `issuer ${fact.name}`,
    columns: [
      { header: 'Company', wrap: true, cell: (fact) => fact.name },
      { header: 'Listings', cell: (fact) => fact.tickers.join(', ') || dash },
    ],
  },
  projects: {
    title: 'Projects',
    noun: (fact) => `project ${fact.name}`,
    columns: [
      { header: 'Project', wrap: true, cell: (fact) => fact.name },
      { header: 'State', cell: (fact) => fact.state ?? dash },
      { header: 'Country', cell: (fact) => fact.country ?? dash },
    ],
  },
  financings: {
    title: 'Financings',
    noun: (fact) =>
      `financing ${fact.amount === null ? fact.type : formatMoney(fact.amount, fact.currency)} ${fact.status}`,
    columns: [
      {
        header: 'Amount',
        numeric: true,
        cell: (fact) => (fact.amount === null ? dash : formatMoney(fact.amount, fact.currency)),
      },
      { header: 'Type', cell: (fact) => fact.type.replace('-', ' ') },
      { header: 'Status', cell: (fact) => fact.status },
      { header: 'Funds drilling', cell: (fact) => yesNo(fact.funds_drilling) },
      { header: 'Use of proceeds', wrap: true, cell: (fact) => fact.use_of_proceeds ?? dash },
    ],
  },
  programmes: {
    title: 'Drill programmes',
    noun: (fact) =>
      `programme ${fact.metres === null ? '' : `${formatNumber(fact.metres, 0)} m `}${fact.status ?? ''}`.trim(),
    columns: [
      { header: 'Metres', numeric: true, cell: (fact) => num(fact.metres, 0) },
      { header: 'Holes', numeric: true, cell: (fact) => num(fact.holes, 0) },
      { header: 'Rigs', numeric: true, cell: (fact) => num(fact.rigs, 0) },
      { header: 'Drill type', cell: (fact) => fact.drill_type ?? dash },
      { header: 'Timing', cell: (fact) => fact.timing ?? dash },
      { header: 'Status', cell: (fact) => fact.status ?? dash },
    ],
  },
  studies: {
    title: 'Studies',
    noun: (fact) => `study ${fact.stage}`,
    columns: [
      { header: 'Stage', cell: (fact) => fact.stage },
      {
        header: 'NPV',
        numeric: true,
        cell: (fact) =>
          fact.npv
            ? `${formatMoney(fact.npv.amount, fact.npv.currency)}${fact.npv.discount_rate === null ? '' : ` (${num(fact.npv.discount_rate, 1)}%)`}`
            : dash,
      },
      { header: 'IRR', numeric: true, cell: (fact) => (fact.irr_pct === null ? dash : `${num(fact.irr_pct, 1)}%`) },
      {
        header: 'Capex',
        numeric: true,
        cell: (fact) => (fact.capex ? formatMoney(fact.capex.amount, fact.capex.currency) : dash),
      },
      {
        header: 'AISC',
        numeric: true,
        cell: (fact) => (fact.aisc ? `${formatMoney(fact.aisc.amount, fact.aisc.currency)}/${fact.aisc.per}` : dash),
      },
      { header: 'Mine life (years)', numeric: true, cell: (fact) => num(fact.mine_life_years, 1) },
    ],
  },
  resources: {
    title: 'Resources',
    noun: (fact) => `resource ${fact.category}${fact.tonnes_mt === null ? '' : ` ${num(fact.tonnes_mt)} Mt`}`,
    columns: [
      { header: 'Category', cell: (fact) => fact.category },
      { header: 'Tonnes (Mt)', numeric: true, cell: (fact) => num(fact.tonnes_mt) },
      {
        header: 'Grade',
        numeric: true,
        cell: (fact) =>
          fact.grade === null || fact.unit === null ? dash : gradeText(fact.grade, fact.unit, fact.element),
      },
      {
        header: 'Contained',
        numeric: true,
        cell: (fact) =>
          fact.contained === null ? dash : `${num(fact.contained, 0)} ${fact.contained_unit ?? ''}`.trim(),
      },
      { header: 'Cut-off', cell: (fact) => fact.cutoff ?? dash },
      { header: 'Code', cell: (fact) => fact.standard ?? dash },
    ],
  },
  intercepts: {
    title: 'Drill intercepts',
    noun: (fact) =>
      `intercept ${fact.including ? 'including ' : ''}${num(fact.width_m)} m at ${gradeText(fact.grade, fact.unit, fact.element)}${fact.hole_id ? ` in ${fact.hole_id}` : ''}`,
    columns: [
      {
        header: 'Hole',
        cell: (fact) =>
          fact.including ? (
            <span className="pl-3 text-slate-500">incl. {fact.hole_id ?? ''}</span>
          ) : (
            (fact.hole_id ?? dash)
          ),
      },
      { header: 'From (m)', numeric: true, cell: (fact) => num(fact.from_m) },
      { header: 'To (m)', numeric: true, cell: (fact) => num(fact.to_m) },
      { header: 'Width (m)', numeric: true, cell: (fact) => num(fact.width_m) },
      { header: 'True width (m)', numeric: true, cell: (fact) => num(fact.true_width_m) },
      { header: 'Grade', numeric: true, cell: (fact) => gradeText(fact.grade, fact.unit, fact.element) },
      { header: 'Drill type', cell: (fact) => fact.drill_type ?? dash },
    ],
  },
};

interface ArticleFactsProps {
  facts: MiningFacts;
  /** The fact whose sentence is marked in the article, if any. */
  picked: string | null;
  onPick: (fact: PickedFact) => void;
  /** What became of the last pick, for screen readers ('' before any). */
  announcement: string;
}

/**
 * The Facts panel: one table per kind the release carries (issuer, projects, financings, programmes, studies,
 * resources, intercepts), or a line saying there are none. Each row's button marks the fact's sentence in the
 * article text below and scrolls to it; a click anywhere on the row does the same.
 */
export function ArticleFacts({ facts, picked, onPick, announcement }: ArticleFactsProps) {
  const kinds = FACT_KINDS.filter((kind) => facts[kind].length > 0);
  return (
    <section aria-labelledby="article-facts-heading" className="space-y-3">
      <h3 id="article-facts-heading" className="text-sm font-semibold text-slate-900">
        Facts
      </h3>
      {kinds.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
          No mining facts (intercepts, programmes, resources, studies or financings) were found in this release.
        </p>
      ) : (
        <>
          <p className="text-xs text-slate-600">
            Pick a fact to see the sentence it was read from, marked in the text.
          </p>
          {kinds.map((kind) => (
            <FactTable key={kind} kind={kind} facts={facts} picked={picked} onPick={onPick} />
          ))}
        </>
      )}
      <p role="status" className="line-clamp-2 text-xs text-slate-600 empty:hidden">
        {announcement}
      </p>
    </section>
  );
}

function FactTable<K extends Kind>({
  kind,
  facts,
  picked,
  onPick,
}: {
  kind: K;
  facts: MiningFacts;
  picked: string | null;
  onPick: (fact: PickedFact) => void;
}) {
  const table = TABLES[kind] as unknown as { title: string; noun: (fact: FactOf<K>) => string; columns: Column<K>[] };
  const rows = facts[kind] as FactOf<K>[];
  return (
    <TableScroll label={table.title} className="rounded-lg ring-1 ring-slate-200">
      <table className="min-w-full text-sm">
        <caption className="bg-slate-50 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {table.title} <span className="font-normal normal-case">({rows.length})</span>
        </caption>
        <thead className="border-y border-slate-200 bg-slate-50 text-left text-xs text-slate-600">
          <tr>
            <th scope="col" className="w-px px-3 py-1.5">
              <span className="sr-only">Sentence</span>
            </th>
            {table.columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`px-3 py-1.5 font-medium whitespace-nowrap ${column.numeric ? 'text-right' : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((fact, index) => {
            const key = `${kind}-${index}`;
            const isPicked = picked === key;
            const pick = () => onPick({ key, quote: fact.quote, start: fact.start, end: fact.end });
            return (
              <tr
                key={key}
                onClick={pick}
                className={`cursor-pointer ${isPicked ? 'bg-yellow-50' : 'hover:bg-slate-50'}`}
                data-picked={isPicked || undefined}
              >
                <td className="px-3 py-1.5">
                  <button
                    type="button"
                    aria-pressed={isPicked}
                    aria-label={`Show the sentence of ${table.noun(fact)}`}
                    title="Show the sentence in the text"
                    onClick={(event) => {
                      event.stopPropagation();
                      pick();
                    }}
                    className="rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap text-blue-700 ring-1 ring-blue-200 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 aria-pressed:bg-yellow-100 aria-pressed:text-slate-900 aria-pressed:ring-amber-500"
                  >
                    Show
                  </button>
                </td>
                {table.columns.map((column) => (
                  <td
                    key={column.header}
                    className={`px-3 py-1.5 text-slate-800 ${column.numeric ? 'text-right tabular-nums' : ''} ${column.wrap ? 'min-w-40' : 'whitespace-nowrap'}`}
                  >
                    {column.cell(fact)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

import type { ProjectFact } from '@mining-hub/contract/facts';
import { findMentions } from '../../lib/mining-mentions.ts';
import type { Unit } from './fact-text.ts';

/** Projects a release names ('its Goldlund Gold Project in Ontario'), with the country and state named beside them. */

const PROJECT =
  /\b((?:[\p{Lu}][\p{L}'’.-]*\s+){1,5}(?:Gold |Copper |Lithium |Uranium |Silver |Nickel )?(?:Project|Property|Deposit|Mine|Prospect|Complex))\b/gu;
const NOT_NAME = /^(?:The|This|That|Its|Our|Their|Each|Any|A|An|Company|Companies)\s/;

/** Distinct projects in order of first mention, at most three. */
export function projectsOf(units: readonly Unit[], original: string): ProjectFact[] {
  const facts: ProjectFact[] = [];
  for (const unit of units) {
    for (const match of unit.text.matchAll(PROJECT)) {
      const name = (match[1] ?? '').replace(NOT_NAME, '').trim();
      if (name.split(/\s+/).length < 2 || facts.some((fact) => fact.name === name)) continue;
      const around = unit.text.slice(match.index, match.index + 200);
      const mentions = findMentions(around);
      facts.push({
        name,
        country: mentions.countries[0] ?? null,
        state: mentions.states[0] ?? null,
        quote: original.slice(unit.start, unit.end),
        start: unit.start,
        end: unit.end,
      });
      if (facts.length >= 3) return facts;
    }
  }
  return facts;
}

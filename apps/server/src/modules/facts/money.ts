import type { Currency } from '@mining-hub/contract/facts';
import { clean, CURRENCY, currencyOf, multiplier, NUM, parseNum } from './fact-text.ts';

/**
 * Money as releases write it: 'C$4.0 million', 'US$1.7 billion', '$300,000', 'A$486-million', 'US $609,000,000',
 * 'R250 million', and headlines' 'US$100 Million'.
 */

export interface MoneyMention {
  amount: number;
  currency: Currency;
  start: number;
  end: number;
}

// Rand are written 'R250 million', 'R1.2bn': read only with a multiplier word ('R2' alone may be anything).
const MONEY = new RegExp(
  String.raw`(?<cur>${CURRENCY})\s?(?<n>${NUM})(?:\s?-?\s?(?<m>[Bb]illion|[Mm]illion|[Tt]housand|BILLION|MILLION|bn|mm|mln|B|M|m|k)(?![a-zA-Z]))?|(?<n2>${NUM})\s?(?<m2>[Bb]illion|[Mm]illion)?\s?(?<cur2>USD|CAD|AUD|GBP|EUR|ZAR|US dollars|Canadian dollars|Australian dollars)\b|(?<![\w$])(?<rand>R)\s?(?<n3>${NUM})\s?-?\s?(?<m3>billion|million|bn|m)(?![a-zA-Z])`,
  'g',
);

/** Every amount of money in `text`, bare '$' read as `fallback`. */
export function moneyIn(text: string, fallback: 'USD' | 'CAD' | 'AUD' | null): MoneyMention[] {
  const found: MoneyMention[] = [];
  for (const match of text.matchAll(MONEY)) {
    const groups = match.groups ?? {};
    const number = parseNum(groups.n ?? groups.n2 ?? groups.n3 ?? '');
    if (!Number.isFinite(number)) continue;
    const symbol = groups.cur ?? groups.cur2 ?? groups.rand ?? '';
    const currency = /dollars/i.test(symbol)
      ? /^US/i.test(symbol)
        ? 'USD'
        : /^Canadian/i.test(symbol)
          ? 'CAD'
          : 'AUD'
      : currencyOf(symbol, fallback);
    found.push({
      amount: clean(number * multiplier(groups.m ?? groups.m2 ?? groups.m3)),
      currency,
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return found;
}

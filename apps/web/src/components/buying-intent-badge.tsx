import type { BuyingIntent } from '@mining-hub/contract/articles';

const INTENT_CLASSES: Record<BuyingIntent, string> = {
  Low: 'bg-slate-100 text-slate-700 ring-slate-300',
  Medium: 'bg-amber-50 text-amber-800 ring-amber-200',
  High: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  'Very High': 'bg-emerald-700 text-white ring-emerald-700',
};

/** The buying intent of an analysed article, coloured by level; `reasons` become its tooltip. */
export function BuyingIntentBadge({ intent, reasons = [] }: { intent: BuyingIntent; reasons?: readonly string[] }) {
  return (
    <span
      data-intent={intent}
      title={reasons.length > 0 ? `Why: ${reasons.join('; ')}` : undefined}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${INTENT_CLASSES[intent]}`}
    >
      Buying intent: {intent}
    </span>
  );
}

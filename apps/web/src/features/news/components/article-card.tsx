import type { Article } from '@mining-hub/contract/news';
import { articleTypeLabel } from '@mining-hub/contract/reference-data';
import { AlsoFrom } from '../../../components/also-from.tsx';
import { BuyingIntentBadge } from '../../../components/buying-intent-badge.tsx';
import { ExternalLinkIcon } from '../../../components/icons.tsx';
import { alsoFrom, articleDate, articleTags, sourceLink } from '../article-display.ts';
import { ArticleStatusBadge } from './article-status-badge.tsx';
import { ArticleStepButton } from './article-step-button.tsx';
import { CompanyLink } from '../../../components/company-link.tsx';

interface ArticleCardProps {
  article: Article;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  /** A running batch holds the article. */
  inBatch: boolean;
}

/** What the analysis found, once there is one: the intent with its reasons, and the one-line sales signal. */
function SalesSignal({ article }: { article: Article }) {
  const { buying_intent_score: intent, intent_reasons: reasons, signal_summary: summary } = article;
  if (!intent && !summary) return null;
  return (
    <section
      aria-label="Sales signal"
      className="mt-2 space-y-1 rounded-md bg-violet-50/60 px-3 py-2 ring-1 ring-violet-100"
    >
      {intent && (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <BuyingIntentBadge intent={intent} reasons={reasons} />
          {reasons.length > 0 && (
            <p className="min-w-0 text-xs text-slate-600">
              <span className="sr-only">Why: </span>
              {reasons.slice(0, 3).join(' · ')}
            </p>
          )}
        </div>
      )}
      {summary && <p className="line-clamp-2 text-sm text-slate-800">{summary}</p>}
    </section>
  );
}

export function ArticleCard({ article, selected, onToggle, onOpen, inBatch }: ArticleCardProps) {
  const link = sourceLink(article);
  const tags = articleTags(article);
  const date = articleDate(article);
  const copies = alsoFrom(article);

  return (
    <li
      aria-label={article.title}
      className={`flex gap-3 rounded-lg border p-4 transition-colors ${
        selected ? 'border-blue-300 bg-blue-50/40' : 'border-slate-200 bg-white hover:border-slate-300'
      }`}
    >
      <input
        type="checkbox"
        checked={selected}
        onChange={onToggle}
        aria-label={`Select ${article.title}`}
        className="mt-1 size-4 shrink-0 rounded border-slate-300 accent-blue-600"
      />
      <div className="min-w-0 flex-1">
        {/* On a phone the title takes the card's width and the badge goes below it (beside it, the title ran to five lines). */}
        <div className="flex flex-col items-start gap-x-3 gap-y-1 sm:flex-row sm:justify-between">
          <h3 className="w-full min-w-0 text-base font-semibold text-slate-900 sm:w-auto sm:flex-1">
            <button
              type="button"
              onClick={onOpen}
              className="text-left hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              {article.title}
            </button>
          </h3>
          <ArticleStatusBadge status={article.status} reason={article.failure_reason} activity={article.activity} />
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
          <span className="font-medium text-slate-700">{article.source}</span>
          {date && (
            <>
              <span aria-hidden="true">·</span>
              <time dateTime={article.raw_json.date ?? article.fetched_at}>{date}</time>
            </>
          )}
          {article.type && (
            <>
              <span aria-hidden="true">·</span>
              <span>{articleTypeLabel(article.type)}</span>
            </>
          )}
          {article.ticker && (
            <>
              <span aria-hidden="true">·</span>
              <span className="font-mono">{article.ticker}</span>
            </>
          )}
          {article.account && (
            <>
              <span aria-hidden="true">·</span>
              <CompanyLink account={article.account} className="font-medium" />
            </>
          )}
        </p>
        <AlsoFrom copies={copies} className="mt-1" />
        <SalesSignal article={article} />
        {article.description && <p className="mt-2 line-clamp-3 text-sm text-slate-600">{article.description}</p>}
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <ul aria-label="Tags" className="flex min-w-0 flex-wrap gap-1">
            {tags.slice(0, 6).map((tag) => (
              <li key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                {tag}
              </li>
            ))}
            {tags.length > 6 && <li className="px-1 py-0.5 text-xs text-slate-500">+{tags.length - 6}</li>}
          </ul>
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-blue-700 hover:bg-blue-50"
            >
              {link.external ? 'Source' : 'Article page'}
              <ExternalLinkIcon className="size-4" />
            </a>
            <ArticleStepButton article={article} inBatch={inBatch} />
          </div>
        </div>
      </div>
    </li>
  );
}

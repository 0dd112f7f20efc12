/** One other copy of a release: the feed or site that carried it and where to read it. */
export interface CopyLink {
  name: string;
  href: string;
}

/** "also from: Newsfile, GlobeNewswire": the other sources of a story, each a link (opens in a new tab). */
export function AlsoFrom({ copies, className = '' }: { copies: CopyLink[]; className?: string }) {
  if (copies.length === 0) return null;
  return (
    <div className={`text-xs text-slate-500 ${className}`}>
      <span aria-hidden="true">also from: </span>
      <ul aria-label="Also from" className="inline">
        {copies.map((copy, index) => (
          <li key={`${copy.href}-${index}`} className="inline">
            {index > 0 && ', '}
            <a
              href={copy.href}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium break-words text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              {copy.name}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

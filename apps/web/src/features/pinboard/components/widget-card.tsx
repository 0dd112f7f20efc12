import { useState } from 'react';
import { isHttpUrl } from '@mining-hub/contract/common';
import type { Widget } from '@mining-hub/contract/pinboard';
import { IconButton } from '../../../components/button.tsx';
import { TrashIcon, WarningIcon } from '../../../components/icons.tsx';
import { widgetFrameUrl } from '../api.ts';
import { widgetSpanClass } from '../pinboard-styles.ts';

export const CUSTOM_WIDGET_CAUTION = 'Custom HTML widgets run untrusted code in a sandbox - use with caution.';

interface WidgetCardProps {
  widget: Widget;
  deleting: boolean;
  onDelete: () => void;
}

export function WidgetCard({ widget, deleting, onDelete }: WidgetCardProps) {
  return (
    <article
      className={`flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 ${widgetSpanClass(widget.size)}`}
    >
      <header className="flex items-center justify-between gap-2 border-b border-slate-100 py-1.5 pr-1.5 pl-4">
        <h4 className="truncate text-sm font-medium text-slate-900" title={widget.title}>
          {widget.title}
        </h4>
        <IconButton
          aria-label={`Delete ${widget.title}`}
          className="hover:bg-red-50 hover:text-red-600"
          disabled={deleting}
          onClick={onDelete}
        >
          <TrashIcon className="size-4" />
        </IconButton>
      </header>
      <div className="h-64 bg-slate-50">
        <WidgetBody widget={widget} />
      </div>
      {widget.type === 'custom' && (
        <p className="flex items-center gap-1.5 border-t border-amber-100 bg-amber-50 px-4 py-2 text-xs text-amber-800">
          <WarningIcon className="size-4 shrink-0" />
          {CUSTOM_WIDGET_CAUTION}
        </p>
      )}
    </article>
  );
}

function WidgetBody({ widget }: { widget: Widget }) {
  if (widget.type === 'custom') {
    // Scripts may run, but without allow-same-origin the frame gets an opaque origin: it cannot read
    // this app's cookies or storage, nor call the API as the user. Loaded from its own route, not srcdoc:
    // a srcdoc document inherits the app's CSP, which blocks inline scripts.
    return (
      <iframe
        title={widget.title}
        sandbox="allow-scripts"
        src={widgetFrameUrl(widget.id)}
        className="size-full border-0 bg-white"
      />
    );
  }
  if (!isHttpUrl(widget.content)) {
    return (
      <p className="flex size-full items-center justify-center p-4 text-center text-sm text-slate-500">
        This widget does not have a valid web address.
      </p>
    );
  }
  switch (widget.type) {
    case 'iframe':
      return (
        <iframe
          title={widget.title}
          src={widget.content}
          sandbox="allow-scripts allow-same-origin"
          loading="lazy"
          referrerPolicy="no-referrer"
          className="size-full border-0 bg-white"
        />
      );
    case 'image':
      return <ImageWidget src={widget.content} title={widget.title} />;
    case 'video':
      return <video src={widget.content} controls preload="metadata" className="size-full bg-black" />;
  }
}

/** An image that says so when it cannot be loaded, with its address (a broken one showed only its alt text). */
function ImageWidget({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className="flex size-full flex-col items-center justify-center gap-1 p-4 text-center text-sm text-slate-600">
        <p>The image could not be loaded.</p>
        <a href={src} target="_blank" rel="noopener noreferrer" className="max-w-full truncate text-blue-700 underline">
          {src}
        </a>
      </div>
    );
  }
  return (
    <img src={src} alt={title} loading="lazy" onError={() => setFailed(true)} className="size-full object-contain" />
  );
}

import { isHttpUrl } from '@mining-hub/contract/common';
import type { QuickLink, QuickLinkInput } from '@mining-hub/contract/pinboard';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, IconButton } from '../../../components/button.tsx';
import { ExternalLinkIcon, PencilIcon, PlusIcon, TrashIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import type { ReportFailure } from './pin-board.tsx';
import { quickLinksQueryOptions, useDeleteQuickLink, useSaveQuickLink } from '../api.ts';
import { draftFromQuickLink, EMPTY_QUICK_LINK_DRAFT } from '../pinboard-drafts.ts';
import { QUICK_LINK_COLOR_CLASSES } from '../pinboard-styles.ts';
import { QuickLinkForm } from './quick-link-form.tsx';

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; link: QuickLink };

export const SAVE_QUICK_LINK_FAILED = 'Failed to save quick link. Please try again.';
export const DELETE_QUICK_LINK_FAILED = 'Failed to delete quick link. Please try again.';
export const DELETE_QUICK_LINK_CONFIRM = 'Are you sure you want to delete this quick link?';

export function QuickLinksSection({ onFailure }: { onFailure: ReportFailure }) {
  const links = useQuery(quickLinksQueryOptions());
  const save = useSaveQuickLink();
  const remove = useDeleteQuickLink();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const { ask, dialog } = useConfirm();

  const submit = (input: QuickLinkInput) => {
    save.mutate(
      { id: form.mode === 'edit' ? form.link.id : undefined, input },
      {
        onSuccess: () => setForm({ mode: 'closed' }),
        onError: (error) => onFailure(SAVE_QUICK_LINK_FAILED, error),
      },
    );
  };

  const confirmDelete = async (link: QuickLink) => {
    if (!(await ask(DELETE_QUICK_LINK_CONFIRM))) return;
    remove.mutate(link.id, {
      onSuccess: () =>
        setForm((current) => (current.mode === 'edit' && current.link.id === link.id ? { mode: 'closed' } : current)),
      onError: (error) => onFailure(DELETE_QUICK_LINK_FAILED, error),
    });
  };

  return (
    <section>
      {dialog}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Quick Links</h3>
          <p className="text-sm text-slate-500">Shortcuts to the tools and sites your team uses most.</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setForm({ mode: 'add' })}>
          <PlusIcon className="size-4" />
          Add Link
        </Button>
      </div>

      {form.mode !== 'closed' && (
        <QuickLinkForm
          // A new key resets the form's fields when switching between adding and editing another link.
          key={form.mode === 'edit' ? `edit-${form.link.id}` : 'add'}
          mode={form.mode}
          initialDraft={form.mode === 'edit' ? draftFromQuickLink(form.link) : EMPTY_QUICK_LINK_DRAFT}
          saving={save.isPending}
          onSubmit={submit}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}

      {links.isPending && <Spinner />}
      {links.isError && <p className="text-sm text-red-700">Could not load quick links.</p>}
      {links.isSuccess && links.data.length === 0 && form.mode === 'closed' && (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          No quick links yet. Use Add Link to pin your first one.
        </p>
      )}
      {links.isSuccess && links.data.length > 0 && (
        <ul className="flex flex-wrap gap-3">
          {links.data.map((link) => (
            <li
              key={link.id}
              className="inline-flex items-stretch overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
            >
              <QuickLinkButton link={link} />
              <span className="flex items-center px-1">
                <IconButton aria-label={`Edit ${link.label}`} onClick={() => setForm({ mode: 'edit', link })}>
                  <PencilIcon className="size-4" />
                </IconButton>
                <IconButton
                  aria-label={`Delete ${link.label}`}
                  className="hover:bg-red-50 hover:text-red-600"
                  disabled={remove.isPending && remove.variables === link.id}
                  onClick={() => void confirmDelete(link)}
                >
                  <TrashIcon className="size-4" />
                </IconButton>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function QuickLinkButton({ link }: { link: QuickLink }) {
  const classes = `inline-flex items-center gap-2 px-4 py-2 text-sm font-medium text-white transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 ${QUICK_LINK_COLOR_CLASSES[link.color]}`;
  const content = (
    <>
      {link.icon && <span aria-hidden="true">{link.icon}</span>}
      {link.label}
      <ExternalLinkIcon className="size-3.5 opacity-70" />
    </>
  );
  // The server only stores http(s) links; this guard keeps any other scheme from ever becoming a live href.
  if (!isHttpUrl(link.url)) return <span className={classes}>{content}</span>;
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer" className={classes}>
      {content}
    </a>
  );
}

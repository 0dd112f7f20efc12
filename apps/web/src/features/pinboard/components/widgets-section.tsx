import type { WidgetInput } from '@mining-hub/contract/pinboard';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { PlusIcon } from '../../../components/icons.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import type { ReportFailure } from './pin-board.tsx';
import { useCreateWidget, useDeleteWidget, widgetsQueryOptions } from '../api.ts';
import { WidgetCard } from './widget-card.tsx';
import { WidgetForm } from './widget-form.tsx';

export const SAVE_WIDGET_FAILED = 'Failed to save widget. Please try again.';
export const DELETE_WIDGET_FAILED = 'Failed to delete widget. Please try again.';
export const DELETE_WIDGET_CONFIRM = 'Are you sure you want to delete this widget?';

export function WidgetsSection({ onFailure }: { onFailure: ReportFailure }) {
  const widgets = useQuery(widgetsQueryOptions());
  const create = useCreateWidget();
  const remove = useDeleteWidget();
  const { ask, dialog } = useConfirm();
  const [formOpen, setFormOpen] = useState(false);

  const submit = (input: WidgetInput) => {
    create.mutate(input, {
      onSuccess: () => setFormOpen(false),
      onError: (error) => onFailure(SAVE_WIDGET_FAILED, error),
    });
  };

  const confirmDelete = async (id: number) => {
    if (!(await ask(DELETE_WIDGET_CONFIRM))) return;
    remove.mutate(id, { onError: (error) => onFailure(DELETE_WIDGET_FAILED, error) });
  };

  return (
    <section>
      {dialog}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Embedded Content</h3>
          <p className="text-sm text-slate-500">Dashboards, charts and videos pinned for the whole team.</p>
        </div>
        <Button variant="secondary" size="sm" onClick={() => setFormOpen(true)} disabled={formOpen}>
          <PlusIcon className="size-4" />
          Add Widget
        </Button>
      </div>

      {formOpen && <WidgetForm saving={create.isPending} onSubmit={submit} onCancel={() => setFormOpen(false)} />}

      {widgets.isPending && <Spinner />}
      {widgets.isError && <p className="text-sm text-red-700">Could not load widgets.</p>}
      {widgets.isSuccess && widgets.data.length === 0 && !formOpen && (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">
          No embedded content yet. Use Add Widget to pin a web page, image, video or custom HTML.
        </p>
      )}
      {widgets.isSuccess && widgets.data.length > 0 && (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
          {widgets.data.map((widget) => (
            <WidgetCard
              key={widget.id}
              widget={widget}
              deleting={remove.isPending && remove.variables === widget.id}
              onDelete={() => void confirmDelete(widget.id)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

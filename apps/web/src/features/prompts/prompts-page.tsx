import type { ActivationNeedsConfirmation } from '@mining-hub/contract/evaluation';
import type { Prompt, PromptInput } from '@mining-hub/contract/prompts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { NoticeStack, TimedNotice, useNotices } from '../../components/notices.tsx';
import { PlusIcon } from '../../components/icons.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailure } from '../../components/paged-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { canUse } from '../../lib/access.ts';
import { useCurrentUser } from '../../lib/auth-context.ts';
import { activePromptQueryOptions, promptsQueryOptions, useActivatePrompt, useSavePrompt } from './api.ts';
import { ActivePromptBanner } from './components/active-prompt-banner.tsx';
import { ActivationConfirmation } from './components/activation-confirmation.tsx';
import { EvaluationSetsCard } from './components/evaluation-sets-card.tsx';
import { confirmationOf } from './evaluation-api.ts';
import { PromptEditor, type EditorTab } from './components/prompt-editor.tsx';
import { PromptList } from './components/prompt-list.tsx';
import { draftFromPrompt, newPromptDraft } from './prompt-draft.ts';
import { failureDetail, PROMPT_MESSAGES } from './prompt-messages.ts';

/** AI Prompts (/prompts): the active prompt, its editor, and every template (SPEC.md section 2). */
export function PromptsPage() {
  // Members may read prompts; creating, editing and activating them is for admins (the server says 403).
  const canEdit = canUse(useCurrentUser().role, { adminOnly: true });
  const active = useQuery(activePromptQueryOptions());
  const prompts = useQuery(promptsQueryOptions());
  const save = useSavePrompt();
  const activate = useActivatePrompt();
  const { notices, notify, dismiss } = useNotices();
  const [mode, setMode] = useState<'edit' | 'create'>('edit');
  // A new number remounts the editor with a fresh draft each time Create New Prompt is pressed.
  const [createRound, setCreateRound] = useState(0);
  const [tab, setTab] = useState<EditorTab>('text');
  // A version that scored below the active one, waiting for the admin's confirmation.
  const [pending, setPending] = useState<{ prompt: Prompt; evidence: ActivationNeedsConfirmation } | null>(null);

  const startCreate = () => {
    setMode('create');
    setCreateRound((round) => round + 1);
    setTab('text');
  };

  const handleSave = (input: PromptInput) => {
    const creating = mode === 'create';
    save.mutate(
      { id: creating ? undefined : active.data?.id, input },
      {
        onSuccess: () => {
          notify('success', creating ? PROMPT_MESSAGES.created : PROMPT_MESSAGES.updated);
          if (creating) setMode('edit');
        },
        onError: (error) => notify('error', PROMPT_MESSAGES.saveFailed, failureDetail(error)),
      },
    );
  };

  const handleActivate = (prompt: Prompt, confirm = false) => {
    activate.mutate(
      { id: prompt.id, confirm },
      {
        onSuccess: (response) => {
          setPending(null);
          notify('success', PROMPT_MESSAGES.activated, response.evaluation_note ?? undefined);
        },
        onError: (error) => {
          const evidence = confirmationOf(error);
          if (evidence) setPending({ prompt, evidence });
          else notify('error', PROMPT_MESSAGES.activateFailed, failureDetail(error));
        },
      },
    );
  };

  const editorProps = {
    readOnly: !canEdit,
    saving: save.isPending,
    tab,
    onTabChange: setTab,
    onSave: handleSave,
    onInvalid: (message: string) => notify('error', PROMPT_MESSAGES.saveFailed, message),
    onCancel: () => setMode('edit'),
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="AI Prompt Management"
        description="The system prompt and output schema the AI uses to turn each article into a sales signal. Exactly one prompt is active at a time."
        actions={
          canEdit && (
            <Button onClick={startCreate}>
              <PlusIcon className="size-4" />
              Create New Prompt
            </Button>
          )
        }
      />
      <NoticeStack notices={notices} onDismiss={dismiss}>
        {prompts.isError && (
          <TimedNotice key={prompts.errorUpdatedAt} kind="error" message={PROMPT_MESSAGES.listLoadFailed} />
        )}
      </NoticeStack>

      {active.data && <ActivePromptBanner prompt={active.data} />}

      {mode === 'create' ? (
        <PromptEditor key={`create-${createRound}`} mode="create" initialDraft={newPromptDraft()} {...editorProps} />
      ) : active.data ? (
        <PromptEditor
          key={`edit-${active.data.id}-${active.data.version}`}
          mode="edit"
          initialDraft={draftFromPrompt(active.data)}
          {...editorProps}
          evaluate={canEdit ? { promptId: active.data.id, prompts: prompts.data } : undefined}
        />
      ) : (
        <Card title="Edit Active Prompt">
          {active.isPending ? (
            <Spinner />
          ) : (
            <LoadFailure what="The active prompt" error={active.error} onRetry={() => void active.refetch()} />
          )}
        </Card>
      )}

      <PromptList
        prompts={prompts.data}
        loading={prompts.isPending}
        error={prompts.error}
        onRetry={() => void prompts.refetch()}
        activatingId={activate.isPending ? activate.variables.id : undefined}
        onActivate={canEdit ? (prompt) => handleActivate(prompt) : undefined}
      />

      {canEdit && <EvaluationSetsCard onDone={(message) => notify('success', message)} />}

      {pending && (
        <ActivationConfirmation
          prompt={pending.prompt}
          evidence={pending.evidence}
          activating={activate.isPending}
          onConfirm={() => handleActivate(pending.prompt, true)}
          onClose={() => setPending(null)}
        />
      )}
    </div>
  );
}

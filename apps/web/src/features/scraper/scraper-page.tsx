import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { NoticeStack, useNotices } from '../../components/notices.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import {
  downloadOutputFile,
  scraperKeys,
  scraperOutputsQueryOptions,
  scraperProgressQueryOptions,
  scraperStatusQueryOptions,
  useDeleteOutputFile,
  useScraperControl,
  type OutputFileRef,
  type ScraperCommand,
} from './api.ts';
import { fileKey, OutputFiles } from './components/output-files.tsx';
import { ScraperControls } from './components/scraper-controls.tsx';
import { ScraperProgressPanel } from './components/scraper-progress-panel.tsx';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { actionFailedMessage, deleteFailedMessage, SCRAPER_MESSAGES, type ScraperAction } from './scraper-messages.ts';
import { hasProcess, headingNote, runStateOf } from './scraper-run-state.ts';
import { buildStartRequest, DEFAULT_SETTINGS, type ScraperSettingsDraft } from './scraper-settings.ts';

/** Scraper (/scraper): control the mining-project scraper, follow its run and collect its files (SPEC.md section 2). */
export function ScraperPage() {
  const { ask, dialog } = useConfirm();
  const queryClient = useQueryClient();
  const status = useQuery(scraperStatusQueryOptions());
  const runState = runStateOf(status.data);
  const active = hasProcess(runState);
  const progress = useQuery(scraperProgressQueryOptions(active));
  const outputs = useQuery(scraperOutputsQueryOptions());
  const control = useScraperControl();
  const deleteFile = useDeleteOutputFile();
  const { notices, notify, dismiss } = useNotices();

  const [settings, setSettings] = useState<ScraperSettingsDraft>(DEFAULT_SETTINGS);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [busyFiles, setBusyFiles] = useState<ReadonlySet<string>>(() => new Set());
  const [refreshingOutputs, setRefreshingOutputs] = useState(false);
  const startRequest = buildStartRequest(settings);

  // When a run ends (finished, stopped or failed), read its final progress and the files it wrote.
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) {
      void queryClient.invalidateQueries({ queryKey: scraperKeys.progress });
      void queryClient.invalidateQueries({ queryKey: scraperKeys.outputs });
    }
    wasActive.current = active;
  }, [active, queryClient]);

  useEffect(() => {
    // SPEC.md section 8: failed status and progress reads go to the console only.
    if (status.error) console.error('Failed to read the scraper status', status.error);
    if (progress.error) console.error('Failed to read the scraper progress', progress.error);
  }, [status.error, progress.error]);

  const runAction = (action: ScraperAction) => {
    let command: ScraperCommand;
    if (action === 'start') {
      if (!startRequest) return;
      command = { action, request: startRequest };
    } else {
      command = { action };
    }
    control.mutate(command, {
      onError: (error) => notify('error', actionFailedMessage(action, error)),
    });
  };

  const markBusy = (file: OutputFileRef, busy: boolean) =>
    setBusyFiles((current) => {
      const next = new Set(current);
      if (busy) next.add(fileKey(file));
      else next.delete(fileKey(file));
      return next;
    });

  const download = async (file: OutputFileRef) => {
    markBusy(file, true);
    try {
      await downloadOutputFile(file);
    } catch (error) {
      console.error('Failed to download', file.name, error);
      notify('error', SCRAPER_MESSAGES.downloadFailed);
    } finally {
      markBusy(file, false);
    }
  };

  // Refresh Outputs says it is busy until the list is back (issue 18: every action over a second shows it).
  const refreshOutputs = async () => {
    setRefreshingOutputs(true);
    try {
      await outputs.refetch();
    } finally {
      setRefreshingOutputs(false);
    }
  };

  const remove = async (file: OutputFileRef) => {
    if (!(await ask(SCRAPER_MESSAGES.deleteConfirm(file.name)))) return;
    markBusy(file, true);
    deleteFile.mutate(file, {
      onSuccess: () => notify('success', SCRAPER_MESSAGES.deleted),
      onError: (error) => notify('error', deleteFailedMessage(error)),
      onSettled: () => markBusy(file, false),
    });
  };

  return (
    <div className="space-y-6">
      {dialog}
      <PageHeader
        title="Mining Project Scraper"
        note={headingNote(runState, progress.data?.status)}
        description="Collects mining projects with their owner companies and contacts, and exports them as CRM-ready JSON, Excel reports and processing reports."
      />
      <NoticeStack notices={notices} onDismiss={dismiss} />

      <ScraperControls
        runState={runState}
        settings={settings}
        onSettingsChange={setSettings}
        settingsOpen={settingsOpen}
        onToggleSettings={() => setSettingsOpen((open) => !open)}
        canStart={startRequest !== undefined}
        pendingAction={control.isPending ? control.variables.action : undefined}
        onAction={runAction}
        refreshingOutputs={refreshingOutputs}
        loadingOutputs={outputs.isFetching}
        onRefreshOutputs={() => void refreshOutputs()}
      />

      <ScraperProgressPanel
        runState={runState}
        status={status.data}
        progress={progress.data}
        progressReadAt={progress.dataUpdatedAt}
      />

      <OutputFiles
        outputs={outputs.data}
        loading={outputs.isPending}
        refreshing={refreshingOutputs}
        error={outputs.error}
        busy={busyFiles}
        onDownload={(file) => void download(file)}
        onDelete={(file) => void remove(file)}
      />
    </div>
  );
}

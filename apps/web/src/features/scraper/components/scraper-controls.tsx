import { Button } from '../../../components/button.tsx';
import { Card } from '../../../components/card.tsx';
import { PauseIcon, PlayIcon, RefreshIcon, SlidersIcon, StopIcon } from '../../../components/icons.tsx';
import type { ScraperAction } from '../scraper-messages.ts';
import type { ScraperRunState } from '../scraper-run-state.ts';
import { BATCH_SIZE_ERROR, settingsSummary, type ScraperSettingsDraft } from '../scraper-settings.ts';
import { ScraperSettingsPanel } from './scraper-settings-panel.tsx';

interface ScraperControlsProps {
  runState: ScraperRunState;
  settings: ScraperSettingsDraft;
  onSettingsChange: (settings: ScraperSettingsDraft) => void;
  settingsOpen: boolean;
  onToggleSettings: () => void;
  /** The settings make a valid start request. */
  canStart: boolean;
  /** The control call on its way, if any: the other controls wait for it, except Emergency Stop. */
  pendingAction: ScraperAction | undefined;
  onAction: (action: ScraperAction) => void;
  /** Refresh Outputs was pressed and the list is on its way. */
  refreshingOutputs: boolean;
  /** The list is being read, for whatever reason (Refresh waits for it). */
  loadingOutputs: boolean;
  onRefreshOutputs: () => void;
}

const BUSY_LABELS: Record<ScraperAction, string> = {
  start: 'Starting...',
  pause: 'Pausing...',
  resume: 'Resuming...',
  stop: 'Stopping...',
};

/**
 * Start Scraper (when stopped), Pause or Resume, Emergency Stop (when running or paused) and Refresh Outputs, with
 * the settings behind a Show/Hide Settings toggle; settings exist only while nothing runs (SPEC.md section 2).
 */
export function ScraperControls({
  runState,
  settings,
  onSettingsChange,
  settingsOpen,
  onToggleSettings,
  canStart,
  pendingAction,
  onAction,
  refreshingOutputs,
  loadingOutputs,
  onRefreshOutputs,
}: ScraperControlsProps) {
  const stopped = runState === 'stopped';
  const busy = pendingAction !== undefined;
  const label = (action: ScraperAction, idle: string) => (pendingAction === action ? BUSY_LABELS[action] : idle);

  return (
    <Card
      title="Controls"
      description={
        stopped
          ? 'Choose the settings, then start a run. Test mode finishes in about half a minute.'
          : 'Settings are locked while a run is active. Pause keeps its place; Emergency Stop ends it at once.'
      }
      actions={
        stopped && (
          <Button variant="secondary" size="sm" aria-expanded={settingsOpen} onClick={onToggleSettings}>
            <SlidersIcon className="size-4" />
            {settingsOpen ? 'Hide Settings' : 'Show Settings'}
          </Button>
        )
      }
    >
      {stopped && settingsOpen && (
        <div className="mb-5">
          <ScraperSettingsPanel settings={settings} onChange={onSettingsChange} />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {stopped && (
          <Button onClick={() => onAction('start')} disabled={busy || !canStart}>
            <PlayIcon className="size-4" />
            {label('start', 'Start Scraper')}
          </Button>
        )}
        {runState === 'running' && (
          <Button variant="secondary" onClick={() => onAction('pause')} disabled={busy}>
            <PauseIcon className="size-4" />
            {label('pause', 'Pause')}
          </Button>
        )}
        {runState === 'paused' && (
          <Button onClick={() => onAction('resume')} disabled={busy}>
            <PlayIcon className="size-4" />
            {label('resume', 'Resume')}
          </Button>
        )}
        {!stopped && (
          // Never held up by a slow pause or resume: stopping is the way out.
          <Button variant="danger" onClick={() => onAction('stop')} disabled={pendingAction === 'stop'}>
            <StopIcon className="size-4" />
            {label('stop', 'Emergency Stop')}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={onRefreshOutputs}
          disabled={refreshingOutputs || loadingOutputs}
          aria-busy={refreshingOutputs}
        >
          <RefreshIcon className={`size-4 ${refreshingOutputs || loadingOutputs ? 'animate-spin' : ''}`} />
          {refreshingOutputs ? 'Refreshing...' : 'Refresh Outputs'}
        </Button>
        {stopped && !settingsOpen && (
          <p className={`text-sm ${canStart ? 'text-slate-500' : 'text-red-700'}`}>
            {canStart ? settingsSummary(settings) : BATCH_SIZE_ERROR}
          </p>
        )}
      </div>
    </Card>
  );
}

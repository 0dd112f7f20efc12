import {
  SCRAPER_POLL_MS,
  scraperControlResponseSchema,
  scraperDeleteResponseSchema,
  scraperOutputsResponseSchema,
  scraperProgressResponseSchema,
  scraperStatusResponseSchema,
  type ScraperOutputs,
  type ScraperOutputType,
  type ScraperStartRequest,
} from '@mining-hub/contract/scraper';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/api-download.ts';
import { ScraperActionError, type ScraperAction } from './scraper-messages.ts';
import { hasProcess, runStateOf } from './scraper-run-state.ts';

export const scraperKeys = {
  all: ['scraper'] as const,
  status: ['scraper', 'status'] as const,
  progress: ['scraper', 'progress'] as const,
  outputs: ['scraper', 'outputs'] as const,
};

/**
 * What runs now; polled every 2 s while a run has a process (running or paused). Always read afresh when the page
 * opens: a five-minute-old status would show a run that has long ended.
 */
export const scraperStatusQueryOptions = () =>
  queryOptions({
    queryKey: scraperKeys.status,
    queryFn: async ({ signal }) => (await apiRequest('/scraper/status', scraperStatusResponseSchema, { signal })).data,
    staleTime: 0,
    refetchInterval: (query) => (hasProcess(runStateOf(query.state.data)) ? SCRAPER_POLL_MS : false),
  });

/** Progress of the current run, or of the last one; polled alongside the status. */
export const scraperProgressQueryOptions = (polling: boolean) =>
  queryOptions({
    queryKey: scraperKeys.progress,
    queryFn: async ({ signal }) =>
      (await apiRequest('/scraper/progress', scraperProgressResponseSchema, { signal })).data,
    staleTime: 0,
    refetchInterval: polling ? SCRAPER_POLL_MS : false,
  });

export const scraperOutputsQueryOptions = () =>
  queryOptions({
    queryKey: scraperKeys.outputs,
    queryFn: async ({ signal }) =>
      (await apiRequest('/scraper/outputs', scraperOutputsResponseSchema, { signal })).data,
  });

export type ScraperCommand =
  { action: 'start'; request: ScraperStartRequest } | { action: Exclude<ScraperAction, 'start'> };

/** Start, pause, resume or stop; the answer carries the status after the call, which the page shows at once. */
export function useScraperControl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (command: ScraperCommand) => {
      const response = await apiRequest(`/scraper/${command.action}`, scraperControlResponseSchema, {
        method: 'POST',
        body: command.action === 'start' ? command.request : undefined,
      });
      if (!response.success) throw new ScraperActionError(response.error);
      return response.data;
    },
    onSuccess: (status) => {
      if (status) queryClient.setQueryData(scraperKeys.status, status);
    },
    // Success or not, the run may have changed (a 409 means another one is active): read status and progress again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scraperKeys.status }),
        queryClient.invalidateQueries({ queryKey: scraperKeys.progress }),
      ]),
  });
}

export interface OutputFileRef {
  type: ScraperOutputType;
  name: string;
}

const filePath = ({ type, name }: OutputFileRef) => `${type}/${encodeURIComponent(name)}`;

export function useDeleteOutputFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: OutputFileRef) =>
      apiRequest(`/scraper/outputs/${filePath(file)}`, scraperDeleteResponseSchema, { method: 'DELETE' }),
    onSuccess: (_answer, file) => {
      // Gone from the list at once; the refetch below confirms it.
      queryClient.setQueryData<ScraperOutputs>(scraperKeys.outputs, (outputs) =>
        outputs ? { ...outputs, [file.type]: outputs[file.type].filter((entry) => entry.name !== file.name) } : outputs,
      );
      return queryClient.invalidateQueries({ queryKey: scraperKeys.outputs });
    },
  });
}

/** Fetches the file with the session and saves it under its own name. */
export async function downloadOutputFile(file: OutputFileRef): Promise<void> {
  saveBlob(await apiBlob(`/scraper/download/${filePath(file)}`), file.name);
}

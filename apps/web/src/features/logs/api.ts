import { logFilesResponseSchema, logReadResponseSchema, type LogReadRequest } from '@mining-hub/contract/logs';
import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export const logsKeys = {
  files: ['logs', 'files'] as const,
  read: (request: LogReadRequest | undefined) => ['logs', 'read', request] as const,
};

export const logFilesQueryOptions = () =>
  queryOptions({
    queryKey: logsKeys.files,
    queryFn: async ({ signal }) => (await apiRequest('/logs/files', logFilesResponseSchema, { signal })).data,
  });

/** One page of a log file; the previous page stays on screen while the next one loads. */
export const logReadQueryOptions = (request: LogReadRequest | undefined) =>
  queryOptions({
    queryKey: logsKeys.read(request),
    queryFn: request
      ? async ({ signal }) =>
          (await apiRequest('/logs/read', logReadResponseSchema, { method: 'POST', body: request, signal })).data
      : skipToken,
    placeholderData: keepPreviousData,
  });

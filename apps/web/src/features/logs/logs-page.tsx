import {
  DEFAULT_LOG_ORDER,
  DEFAULT_LOG_PAGE_SIZE,
  DEFAULT_LOG_TIME_FILTER,
  type CustomDateTimeRange,
  type CustomRangeErrors,
  type LogLevel,
  type LogOrder,
  type LogPageSize,
  type LogReadRequest,
  type LogTimeFilter,
} from '@mining-hub/contract/logs';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Card } from '../../components/card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { LoadFailure } from '../../components/paged-list.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { logFilesQueryOptions, logReadQueryOptions } from './api.ts';
import { CustomRangeFields } from './components/custom-range-fields.tsx';
import { LogFilters } from './components/log-filters.tsx';
import { LogEmptyState, LogLines, NO_ENTRIES, NO_FILE } from './components/log-lines.tsx';
import { LogPaginationBar } from './components/log-pagination.tsx';
import { LogSummary } from './components/log-summary.tsx';
import { browserTimeZone, checkCustomRange, defaultCustomRange } from './custom-range.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** SPEC.md section 9: search and level apply 500 ms after the last change, the custom range is checked after 300 ms. */
const FILTER_DEBOUNCE_MS = 500;
const VALIDATION_DEBOUNCE_MS = 300;

interface CustomFilter {
  /** What the fields show. */
  draft: CustomDateTimeRange;
  errors: CustomRangeErrors;
  /** The last range that passed the rules: the one the read uses. */
  applied: CustomDateTimeRange;
}

export function LogsPage() {
  const files = useQuery(logFilesQueryOptions());
  const [chosenFile, setChosenFile] = useState<string>();
  const fileList = files.data ?? [];
  // The first (newest) file until the user picks one; a picked file that disappeared falls back too.
  const fileName = fileList.some((file) => file.name === chosenFile) ? chosenFile : fileList[0]?.name;

  const [timeFilter, setTimeFilter] = useState<LogTimeFilter>(DEFAULT_LOG_TIME_FILTER);
  const [levelInput, setLevelInput] = useState<LogLevel | ''>('');
  const [searchInput, setSearchInput] = useState('');
  const [level] = useDebouncedValue(levelInput, FILTER_DEBOUNCE_MS);
  const [search, applySearchNow] = useDebouncedValue(searchInput.trim(), FILTER_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState<LogPageSize>(DEFAULT_LOG_PAGE_SIZE);
  const [order, setOrder] = useState<LogOrder>(DEFAULT_LOG_ORDER);

  const [custom, setCustom] = useState<CustomFilter>();
  const draft = custom?.draft;
  useEffect(() => {
    if (!draft) return;
    const timer = setTimeout(() => {
      const { errors } = checkCustomRange(draft, Date.now());
      const valid = Object.keys(errors).length === 0;
      setCustom((current) =>
        current?.draft === draft ? { ...current, errors, applied: valid ? draft : current.applied } : current,
      );
    }, VALIDATION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const filters: Omit<LogReadRequest, 'page'> | undefined = fileName
    ? {
        log_file: fileName,
        time_filter: timeFilter,
        search_term: search,
        log_level: level,
        custom_date_time_range: custom?.applied ?? null,
        ...(custom ? { time_zone: browserTimeZone() } : {}),
        page_size: pageSize,
        order,
      }
    : undefined;
  // Any change of filters, order or page size starts again at page 1.
  const filterKey = JSON.stringify(filters ?? null);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const request = filters ? { ...filters, page } : undefined;

  const read = useQuery(logReadQueryOptions(request));
  useEffect(() => {
    // SPEC.md section 8: a failed list or read is reported on the console only.
    if (files.error) console.error('Failed to load the log file list', files.error);
    if (read.error) console.error('Failed to load log content', read.error);
  }, [files.error, read.error]);

  const result = read.data;
  const refresh = () => {
    void files.refetch();
    void read.refetch();
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="System Logs"
        description="Read the application's log files: narrow them by time, level and text, newest or oldest entries first."
      />
      <Card title="Filters">
        <LogFilters
          files={fileList}
          fileName={fileName}
          onFileChange={setChosenFile}
          timeFilter={timeFilter}
          onTimeFilterChange={setTimeFilter}
          level={levelInput}
          onLevelChange={setLevelInput}
          search={searchInput}
          onSearchChange={setSearchInput}
          onSearch={() => {
            applySearchNow();
            if (search === searchInput.trim()) void read.refetch();
          }}
          customActive={custom !== undefined}
          onCustomActiveChange={(active) => {
            const range = defaultCustomRange(new Date());
            setCustom(active ? { draft: range, errors: {}, applied: range } : undefined);
          }}
          customRange={
            custom && (
              <CustomRangeFields
                range={custom.draft}
                errors={custom.errors}
                onChange={(range) => setCustom((current) => current && { ...current, draft: range })}
              />
            )
          }
        />
      </Card>

      <Card>
        <LogSummary result={result} refreshing={read.isFetching} onRefresh={refresh} />
      </Card>

      <Card>
        {/* A failed call also goes to the console (SPEC.md section 8), but its reason shows here rather than
            an empty state that would say there is nothing to read. */}
        {files.isError && !files.data ? (
          <LoadFailure what="The list of log files" error={files.error} onRetry={() => void files.refetch()} />
        ) : !fileName && !files.isPending ? (
          <LogEmptyState>{NO_FILE}</LogEmptyState>
        ) : (
          <div className="space-y-4">
            <LogPaginationBar
              pagination={result?.pagination}
              pageSize={pageSize}
              order={order}
              onPageChange={(next) => setPaging({ key: filterKey, page: next })}
              onPageSizeChange={setPageSize}
              onOrderChange={setOrder}
            />
            {read.isError && !result ? (
              <LoadFailure what="The log" error={read.error} onRetry={() => void read.refetch()} />
            ) : read.isPending || files.isPending ? (
              <div className="flex justify-center py-10">
                <Spinner className="size-8" />
              </div>
            ) : result && result.lines.length > 0 ? (
              <div className={read.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
                <LogLines lines={result.lines} />
              </div>
            ) : (
              <LogEmptyState>{NO_ENTRIES}</LogEmptyState>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}

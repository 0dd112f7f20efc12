import { startPipelineBench } from './lib/pipeline-server.ts';
import { printFigure } from './lib/server.ts';

/**
 * Issue 35: Signals, CRM and Reports stay responsive while a 500-article batch runs on PGlite. While Process
 * Selected works 500 demo articles (fake OpenAI 300 ms a call, fake HubSpot), a rep's screens poll their API
 * calls every 250 ms, as the app does on a live update: the inbox's page 1, the CRM outbox and the reports
 * summary, beside `/health` in the same run. Goal: p95 of each under 500 ms.
 */

const ARTICLES = 500;
const GOAL_MS = 500;
const CALLS: Record<string, string> = {
  health: '/health',
  'signals page 1': '/api/v1/signals?page=1&page_size=50',
  'crm outbox page 1': '/api/v1/crm-outbox?page=1&page_size=20',
  'reports summary 30 days': '/api/v1/reports/summary?days=30',
};

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? 0;

const {
  server,
  headers,
  articleIds: ids,
  processSelected,
  batchStatus,
  close,
} = await startPipelineBench({
  articles: ARTICLES,
  openaiRpm: 1200,
  hubspotPer10s: 100,
});
try {
  const timings: Record<string, number[]> = Object.fromEntries(Object.keys(CALLS).map((name) => [name, []]));
  const failures: string[] = [];
  const timeCall = async (name: string, url: string) => {
    const started = performance.now();
    const response = await fetch(`${server.origin}${url}`, { headers });
    await response.arrayBuffer();
    timings[name]?.push(performance.now() - started);
    if (!response.ok) failures.push(`${name} ${response.status}`);
  };

  const batchId = await processSelected(ids);
  let running = true;
  const batchStarted = performance.now();
  const watcher = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      if ((await batchStatus(batchId)).status === 'completed') running = false;
    }
  })();
  // The rep's screens: each call every 250 ms (never two of one kind at once), for as long as the batch runs.
  await Promise.all(
    Object.entries(CALLS).map(async ([name, url]) => {
      while (running) {
        const next = performance.now() + 250;
        await timeCall(name, url);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
    }),
  );
  await watcher;

  const seconds = (performance.now() - batchStarted) / 1000;
  printFigure(`beside batch: ${ids.length} articles wall time`, seconds, 'seconds');
  for (const [name, values] of Object.entries(timings)) {
    const value = p95(values);
    const goal = name === 'health' ? '(baseline)' : `(goal < ${GOAL_MS}, ${value < GOAL_MS ? 'MET' : 'MISSED'})`;
    printFigure(`beside batch: ${name}`, value, 'p95 ms', `${goal}, ${values.length} calls`);
  }
  if (failures.length > 0)
    printFigure('beside batch: failed calls', failures.length, 'count', failures.slice(0, 3).join(', '));
} finally {
  await close();
}

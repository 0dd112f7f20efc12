import { startPipelineBench } from './lib/pipeline-server.ts';
import { printFigure } from './lib/server.ts';

/**
 * 500 demo articles through Process Selected, with the fake OpenAI answering in 300 ms and allowing 1,200
 * requests per minute, and the fake HubSpot allowing 100 requests per 10 seconds. Wall time is printed beside
 * the ideal bound the two limits allow for the requests actually needed; goal within 1.2× of it, zero
 * duplicates, zero failed articles.
 */

const ARTICLES = 500;
const OPENAI_RPM = 1200;
const HUBSPOT_PER_10S = 100;

const {
  openai,
  hubspot,
  articleIds: ids,
  processSelected,
  batchStatus,
  close,
} = await startPipelineBench({
  articles: ARTICLES,
  openaiRpm: OPENAI_RPM,
  hubspotPer10s: HUBSPOT_PER_10S,
});
try {
  const started = performance.now();
  const batchId = await processSelected(ids);
  let status = { status: 'running', completed: 0, failed: 0 };
  while (status.status !== 'completed') {
    await new Promise((resolve) => setTimeout(resolve, 500));
    status = await batchStatus(batchId);
  }
  const seconds = (performance.now() - started) / 1000;

  // The bound: whichever service's limit needs longer for the requests this run really made.
  const openaiBound = openai.stats.served / (OPENAI_RPM / 60) + 0.3;
  const hubspotBound = hubspot.stats.served / (HUBSPOT_PER_10S / 10);
  const bound = Math.max(openaiBound, hubspotBound);
  printFigure(`pipeline ${ids.length} articles wall time`, seconds, 'seconds');
  printFigure(
    'pipeline ideal bound of the limits',
    bound,
    'seconds',
    `(OpenAI ${openai.stats.served} req, HubSpot ${hubspot.stats.served} req)`,
  );
  printFigure(
    'pipeline wall / bound',
    seconds / bound,
    'ratio',
    `(goal <= 1.2, ${seconds / bound <= 1.2 ? 'MET' : 'MISSED'})`,
  );
  printFigure('pipeline 429s received (OpenAI)', openai.stats.rateLimited, 'count');
  printFigure('pipeline 429s received (HubSpot)', hubspot.stats.rateLimited, 'count');
  printFigure(
    'pipeline duplicate companies + contacts',
    hubspot.duplicateCompanies().length + hubspot.duplicateContacts().length,
    'count',
    '(goal 0)',
  );
  printFigure('pipeline failed articles', status.failed, 'count', '(goal 0)');
} finally {
  await close();
}

import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AiAnalyser, FactsReader } from './ai/ai-analyser.ts';
import { createRulesAnalyser } from './ai/rules-analyser.ts';
import type { CrmAdapter } from './crm/crm-adapter.ts';
import { createLocalOutboxAdapter } from './crm/local-outbox-adapter.ts';

// The SDKs of the real services (openai, @hubspot/api-client: about 400 modules) are loaded only when
// configured, so a server on the offline defaults, the tests' servers and the CLI start without them.

/** OpenAI (or a compatible server) when a key is set, otherwise the offline rules analyser. */
export async function createAnalyser(config: AppConfig['pipeline'], readFacts?: FactsReader): Promise<AiAnalyser> {
  if (!config.openaiApiKey) return createRulesAnalyser(readFacts);
  const { createOpenAiAnalyser } = await import('./ai/openai-analyser.ts');
  return createOpenAiAnalyser({
    apiKey: config.openaiApiKey,
    baseUrl: config.openaiBaseUrl,
    model: config.openaiModel,
    readFacts,
  });
}

/** HubSpot when a token is set, otherwise the local CRM outbox in the database. One per process: it holds the rate limiter. */
export async function createCrmAdapter(
  config: AppConfig['pipeline'],
  db: Db,
  /** The server's log, for HubSpot's once-only warnings (a token that cannot create properties). */
  warn?: (message: string) => void,
): Promise<CrmAdapter> {
  if (!config.hubspotAccessToken) return createLocalOutboxAdapter(db);
  const { createHubspotAdapter } = await import('./crm/hubspot-adapter.ts');
  return createHubspotAdapter({ accessToken: config.hubspotAccessToken, basePath: config.hubspotBaseUrl, warn });
}

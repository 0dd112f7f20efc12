import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AiAnalyser } from './ai/ai-analyser.ts';
import { createOpenAiAnalyser } from './ai/openai-analyser.ts';
import { createRulesAnalyser } from './ai/rules-analyser.ts';
import type { CrmAdapter } from './crm/crm-adapter.ts';
import { createHubspotAdapter } from './crm/hubspot-adapter.ts';
import { createLocalOutboxAdapter } from './crm/local-outbox-adapter.ts';

/** OpenAI (or a compatible server) when a key is set, otherwise the offline rules analyser. */
export function createAnalyser(config: AppConfig['pipeline']): AiAnalyser {
  if (!config.openaiApiKey) return createRulesAnalyser();
  return createOpenAiAnalyser({
    apiKey: config.openaiApiKey,
    baseUrl: config.openaiBaseUrl,
    model: config.openaiModel,
  });
}

/** HubSpot when a token is set, otherwise the local CRM outbox in the database. One per process: it holds the rate limiter. */
export function createCrmAdapter(config: AppConfig['pipeline'], db: Db): CrmAdapter {
  if (!config.hubspotAccessToken) return createLocalOutboxAdapter(db);
  return createHubspotAdapter({ accessToken: config.hubspotAccessToken, basePath: config.hubspotBaseUrl });
}

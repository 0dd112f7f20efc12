import type { ProjectSourceConfig } from '../../scraper/scraper-messages.ts';
import { createDemoDirectorySource } from './demo-directory-source.ts';
import { createMiningHubProjectsSource } from './mininghub-projects-source.ts';
import type { ProjectSource } from './project-source.ts';

/** MiningHub when a token is configured, otherwise the demo directory the app serves itself. */
export function projectSourceConfig(options: {
  appOrigin: string;
  mininghubToken: string | undefined;
  mininghubBaseUrl: string;
}): ProjectSourceConfig {
  return options.mininghubToken
    ? { kind: 'mininghub', baseUrl: options.mininghubBaseUrl, token: options.mininghubToken }
    : { kind: 'demo', baseUrl: options.appOrigin };
}

export function createProjectSource(config: ProjectSourceConfig): ProjectSource {
  return config.kind === 'mininghub'
    ? createMiningHubProjectsSource({ token: config.token, baseUrl: config.baseUrl })
    : createDemoDirectorySource(config.baseUrl);
}

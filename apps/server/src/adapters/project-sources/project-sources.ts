import { createDemoDirectorySource } from '../../demo/directory/demo-directory-source.ts';
import { createMiningHubProjectsSource } from './mininghub-projects-source.ts';
import type { ProjectSource } from './project-source.ts';

/** Where the scraper child crawls: the app's demo directory or MiningHub. */
export type ProjectSourceConfig =
  { kind: 'demo'; baseUrl: string } | { kind: 'mininghub'; baseUrl: string; token: string };

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

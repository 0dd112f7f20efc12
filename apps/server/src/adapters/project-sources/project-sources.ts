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

/** The source the scraper child crawls; loaded here, so the server (which only builds the config) never loads it. */
export async function createProjectSource(config: ProjectSourceConfig): Promise<ProjectSource> {
  if (config.kind === 'mininghub') {
    const { createMiningHubProjectsSource } = await import('./mininghub-projects-source.ts');
    return createMiningHubProjectsSource({ token: config.token, baseUrl: config.baseUrl });
  }
  const { createDemoDirectorySource } = await import('../../demo/directory/demo-directory-source.ts');
  return createDemoDirectorySource(config.baseUrl);
}

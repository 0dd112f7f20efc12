import { errorBodySchema } from '@mining-hub/contract/errors';
import {
  articleStepRequestSchema,
  articleStepResponseSchema,
  batchParamsSchema,
  batchStatusSchema,
  processSelectedRequestSchema,
  processSelectedResponseSchema,
  pushSelectedRequestSchema,
} from '@mining-hub/contract/pipeline';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { PipelineStep } from './pipeline.repository.ts';
import type { PipelineService } from './pipeline.service.ts';

const tags = ['pipeline'];

// The spec's paths for the three steps (SPEC.md section 7).
const STEP_PATHS: [string, PipelineStep][] = [
  ['/api/v1/expand-article', 'expand'],
  ['/api/v1/openai/process-article', 'analyse'],
  ['/api/v1/hubspot/push-article', 'push'],
];

/** Expand, analyse and push one article; process a selection as a batch and report its progress. */
export function registerPipelineRoutes(app: ZodApp, deps: { pipeline: PipelineService }): void {
  for (const [path, step] of STEP_PATHS) {
    app.post(
      path,
      {
        schema: {
          tags,
          body: articleStepRequestSchema,
          response: { 200: articleStepResponseSchema, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await deps.pipeline.runStep(requireUser(request), step, request.body.article_id),
      }),
    );
  }

  const batchStarted = (batch: { batchId: string; articleCount: number; skippedCount: number }) => ({
    success: true as const,
    batch_session_id: batch.batchId,
    article_count: batch.articleCount,
    skipped_count: batch.skippedCount,
  });

  app.post(
    '/api/v1/batch/process-selected',
    {
      schema: {
        tags,
        description:
          'Expands, analyses and (unless push is false) pushes the selected articles as a batch; progress at /batch/status/{id}.',
        body: processSelectedRequestSchema,
        response: { 200: processSelectedResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) =>
      batchStarted(
        await deps.pipeline.startBatch(
          requireUser(request),
          request.body.article_ids,
          request.body.push ? 'process' : 'analyse',
        ),
      ),
  );

  app.post(
    '/api/v1/batch/push-selected',
    {
      schema: {
        tags,
        description:
          'Pushes reviewed (analysed) articles to the CRM as a batch, each once; progress at /batch/status/{id}. 409 when one is not analysed yet.',
        body: pushSelectedRequestSchema,
        response: {
          200: processSelectedResponseSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) =>
      batchStarted(await deps.pipeline.startBatch(requireUser(request), request.body.article_ids, 'push')),
  );

  app.get(
    '/api/v1/batch/status/:id',
    { schema: { tags, params: batchParamsSchema, response: { 200: batchStatusSchema, 404: errorBodySchema } } },
    async (request) => deps.pipeline.getBatchStatus(requireUser(request), request.params.id),
  );
}

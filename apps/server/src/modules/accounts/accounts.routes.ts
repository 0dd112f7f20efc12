import {
  accountReviewListResponseSchema,
  createOwnershipRuleRequestSchema,
  ownershipRuleListResponseSchema,
  ownershipRuleResponseSchema,
  resolveAccountReviewRequestSchema,
  companyListQuerySchema,
  companyListResponseSchema,
  companyResponseSchema,
  mergeCompanyRequestSchema,
  projectListQuerySchema,
  projectListResponseSchema,
  splitCompanyRequestSchema,
  splitCompanyResponseSchema,
  updateCompanyRequestSchema,
} from '@mining-hub/contract/accounts';
import { idParamsSchema, okSchema } from '@mining-hub/contract/common';
import { errorBodySchema } from '@mining-hub/contract/errors';
import { requireUser } from '../../http/security.ts';
import type { ZodApp } from '../../http/types.ts';
import type { AccountsService } from './accounts.service.ts';

const tags = ['accounts'];
const admin = { role: 'admin' as const };
const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** Accounts (`/companies`, `/projects`): shared by the whole team; owners, merges and splits are admins'. */
export function registerAccountsRoutes(app: ZodApp, deps: { accounts: AccountsService }): void {
  const { accounts } = deps;

  app.get(
    '/api/v1/companies',
    {
      schema: {
        tags,
        querystring: companyListQuerySchema,
        response: { 200: companyListResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({ success: true as const, ...(await accounts.list(requireUser(request), request.query)) }),
  );

  app.get(
    '/api/v1/companies/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: companyResponseSchema, 404: errorBodySchema } } },
    async (request) => ({ success: true as const, data: await accounts.get(request.params.id) }),
  );

  app.patch(
    '/api/v1/companies/:id',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: updateCompanyRequestSchema,
        response: { 200: companyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await accounts.update(requireUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/v1/companies/:id/merge',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: mergeCompanyRequestSchema,
        response: { 200: companyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await accounts.merge(requireUser(request), request.params.id, request.body.other_id),
    }),
  );

  app.post(
    '/api/v1/companies/:id/split',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: splitCompanyRequestSchema,
        response: { 200: splitCompanyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await accounts.split(requireUser(request), request.params.id, request.body.merge_id),
    }),
  );

  app.get(
    '/api/v1/projects',
    {
      schema: {
        tags,
        querystring: projectListQuerySchema,
        response: { 200: projectListResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => ({ success: true as const, ...(await accounts.projects(request.query)) }),
  );

  app.get(
    '/api/v1/ownership-rules',
    { config: admin, schema: { tags, response: { 200: ownershipRuleListResponseSchema, 403: errorBodySchema } } },
    async () => ({ success: true as const, data: await accounts.rules() }),
  );

  app.post(
    '/api/v1/ownership-rules',
    {
      config: admin,
      schema: {
        tags,
        body: createOwnershipRuleRequestSchema,
        response: { 201: ownershipRuleResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const rule = await accounts.createRule(requireUser(request), request.body);
      return reply.code(201).send({ success: true as const, data: rule });
    },
  );

  app.delete(
    '/api/v1/ownership-rules/:id',
    { config: admin, schema: { tags, params: idParamsSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await accounts.deleteRule(requireUser(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/v1/account-reviews',
    { config: admin, schema: { tags, response: { 200: accountReviewListResponseSchema, 403: errorBodySchema } } },
    async () => ({ success: true as const, data: await accounts.reviews() }),
  );

  app.post(
    '/api/v1/account-reviews/:id/resolve',
    {
      config: admin,
      schema: {
        tags,
        params: idParamsSchema,
        body: resolveAccountReviewRequestSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => {
      await accounts.resolveReview(requireUser(request), request.params.id, request.body);
      return { success: true as const };
    },
  );
}

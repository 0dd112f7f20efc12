import {
  accountReviewListResponseSchema,
  ownershipRuleListResponseSchema,
  ownershipRuleResponseSchema,
  type CreateOwnershipRuleRequest,
  type ResolveAccountReviewRequest,
  companyListResponseSchema,
  companyResponseSchema,
  splitCompanyResponseSchema,
  type CompanyListQuery,
  type UpdateCompanyRequest,
} from '@mining-hub/contract/accounts';
import { okSchema } from '@mining-hub/contract/common';
import { userListResponseSchema } from '@mining-hub/contract/users';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export type CompanyFilters = Partial<Omit<CompanyListQuery, 'page_size'>>;

export const accountKeys = {
  all: ['accounts'] as const,
  list: (filters: CompanyFilters) => ['accounts', 'list', filters] as const,
  company: (id: number) => ['accounts', 'company', id] as const,
  rules: ['accounts', 'rules'] as const,
  reviews: ['accounts', 'reviews'] as const,
};

function queryString(filters: CompanyFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const companiesQueryOptions = (filters: CompanyFilters) =>
  queryOptions({
    queryKey: accountKeys.list(filters),
    queryFn: ({ signal }) => apiRequest(`/companies${queryString(filters)}`, companyListResponseSchema, { signal }),
    placeholderData: keepPreviousData,
  });

export const companyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: accountKeys.company(id),
    queryFn: async ({ signal }) => (await apiRequest(`/companies/${id}`, companyResponseSchema, { signal })).data,
  });

/** Everyone who may own an account (admins only: the users list is theirs). */
export const ownersQueryOptions = () =>
  queryOptions({
    queryKey: ['accounts', 'owners'],
    queryFn: async ({ signal }) => (await apiRequest('/users', userListResponseSchema, { signal })).data,
  });

export const updateCompany = async (id: number, body: UpdateCompanyRequest) =>
  (await apiRequest(`/companies/${id}`, companyResponseSchema, { method: 'PATCH', body })).data;

export const mergeCompany = async (id: number, otherId: number) =>
  (await apiRequest(`/companies/${id}/merge`, companyResponseSchema, { method: 'POST', body: { other_id: otherId } }))
    .data;

export const splitCompany = async (id: number, mergeId: number) =>
  (
    await apiRequest(`/companies/${id}/split`, splitCompanyResponseSchema, {
      method: 'POST',
      body: { merge_id: mergeId },
    })
  ).data;

export const ownershipRulesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.rules,
    queryFn: async ({ signal }) =>
      (await apiRequest('/ownership-rules', ownershipRuleListResponseSchema, { signal })).data,
  });

export const createOwnershipRule = async (body: CreateOwnershipRuleRequest) =>
  (await apiRequest('/ownership-rules', ownershipRuleResponseSchema, { method: 'POST', body })).data;

export const deleteOwnershipRule = (id: number) => apiRequest(`/ownership-rules/${id}`, okSchema, { method: 'DELETE' });

export const accountReviewsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.reviews,
    queryFn: async ({ signal }) =>
      (await apiRequest('/account-reviews', accountReviewListResponseSchema, { signal })).data,
  });

export const resolveAccountReview = (id: number, body: ResolveAccountReviewRequest) =>
  apiRequest(`/account-reviews/${id}/resolve`, okSchema, { method: 'POST', body });

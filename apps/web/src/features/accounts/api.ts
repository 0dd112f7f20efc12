import {
  companyListResponseSchema,
  companyResponseSchema,
  splitCompanyResponseSchema,
  type CompanyListQuery,
  type UpdateCompanyRequest,
} from '@mining-hub/contract/accounts';
import { userListResponseSchema } from '@mining-hub/contract/users';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export type CompanyFilters = Partial<Omit<CompanyListQuery, 'page_size'>>;

export const accountKeys = {
  all: ['accounts'] as const,
  list: (filters: CompanyFilters) => ['accounts', 'list', filters] as const,
  company: (id: number) => ['accounts', 'company', id] as const,
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

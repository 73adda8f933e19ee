import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditItem, AuditListQuery } from '@siteops/contracts/audit';
import { request } from '../client';
import type { PageResult } from '../page';

export function listAudit(params: AuditListQuery) {
  return request<PageResult<AuditItem>>({ method: 'GET', url: '/api/audit/listAll', params });
}

export function auditListQueryOptions(params: AuditListQuery) {
  return queryOptions({
    queryKey: ['audit', 'list', params],
    queryFn: () => listAudit(params),
    placeholderData: keepPreviousData,
  });
}

export function useAuditListQuery(params: AuditListQuery) {
  return useQuery(auditListQueryOptions(params));
}

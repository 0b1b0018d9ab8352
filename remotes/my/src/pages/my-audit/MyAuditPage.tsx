/**
 * `/my/audit` (managers): the company's audit trail (操作日志), newest first and by China day — who did what to which
 * object, their role, when, and the request's id and address — filtered by person, kind and days, page after page as
 * the list scrolls. Other roles are told it is the manager's.
 */
import { useEffect, useMemo, useState } from 'react';
import { usePermissions } from '@app/host-sdk/session-hooks';
import { Page } from '@app/ui/page';
import { PagedList } from '@app/ui/paged-list';
import { StatusView } from '@app/ui/status-view';
import { filteredEmpty } from '@app/widgets/list-filters';
import { AuditEntryRow } from './AuditEntryRow';
import { AuditFiltersBar } from './AuditFiltersBar';
import { auditPages, listActors, NO_FILTERS, type AuditActor, type AuditFilters } from './audit-api';
import './my-audit.css';

export default function MyAuditPage() {
  const manager = usePermissions().includes('company_manage');
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [actors, setActors] = useState<AuditActor[]>([]);
  const load = useMemo(() => auditPages(filters), [filters]);

  useEffect(() => {
    if (!manager) return;
    // Without the people the person filter offers none; the list itself still loads.
    listActors()
      .then(setActors)
      .catch(() => setActors([]));
  }, [manager]);

  if (!manager) {
    return (
      <Page title="操作日志">
        <StatusView icon="refused" title="仅企业管理员可查看操作日志" description="如需了解本企业的操作记录，请联系本企业的管理员。" />
      </Page>
    );
  }

  const filtered = filters.userId !== null || filters.kind !== null || filters.fromDay !== null || filters.toDay !== null;
  return (
    <Page title="操作日志">
      <div className="my-audit">
        <PagedList
          queryKey={JSON.stringify(filters)}
          load={load}
          itemKey={(entry) => entry.id}
          header={<AuditFiltersBar filters={filters} actors={actors} onChange={setFilters} />}
          renderItem={(entry) => <AuditEntryRow entry={entry} />}
          empty={filteredEmpty({
            filtered,
            noMatch: '没有符合条件的操作记录',
            onClear: () => setFilters(NO_FILTERS),
            empty: '本企业还没有操作记录：开票、红冲、导入、删除、报销、提现、邀请与移除员工等操作都会记在这里',
          })}
        />
      </div>
    </Page>
  );
}

/** One entry of the trail: who (and their role), what they did to what, when; its day above it when it opens the day. */
import { AUDIT_OBJECTS, auditKindLabel } from '@app/domain/audit-kinds';
import { chinaDateTime } from '@app/domain/china-time';
import { Tag } from '@app/ui/tag';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import type { ShownEntry } from './audit-api';

function dayHeading(day: string): string {
  const [year, month, date] = day.split('-');
  return `${year}年${Number(month)}月${Number(date)}日`;
}

export function AuditEntryRow({ entry }: { entry: ShownEntry }) {
  const what = auditKindLabel(entry.kind);
  return (
    <>
      {entry.firstOfDay ? <h2 className="my-audit__day">{dayHeading(entry.day)}</h2> : null}
      <ListRow
        title={entry.userName || '未知用户'}
        aria-label={`${entry.userName} ${what}`}
        tags={
          entry.role ? (
            <Tag color="primary" fill="outline">
              {entry.role}
            </Tag>
          ) : null
        }
        extra={<time dateTime={entry.createdAt}>{chinaDateTime(entry.createdAt).slice(11)}</time>}
      >
        <ListRowLine label={what}>{entry.summary}</ListRowLine>
        <ListRowLine label={AUDIT_OBJECTS[entry.objectType]} truncate>
          请求 {entry.requestId} · {entry.ip}
        </ListRowLine>
      </ListRow>
    </>
  );
}

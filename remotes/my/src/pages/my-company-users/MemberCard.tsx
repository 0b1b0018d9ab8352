/**
 * One member: name, 待接受 for someone invited who has not accepted yet, the role, the masked phone, and 移除 — except
 * on the manager's own row (marked 我), which has no action.
 */
import { Button } from '@app/ui/button';
import { Tag } from '@app/ui/tag';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import { maskedPhone, type CompanyMember } from './members-api';

export interface MemberCardProps {
  member: CompanyMember;
  onRemove: (member: CompanyMember) => void;
}

export function MemberCard({ member, onRemove }: MemberCardProps) {
  return (
    <ListRow
      title={member.name}
      aria-label={member.name}
      leading={
        <div className="member-card__avatar" aria-hidden="true">
          {member.name.slice(0, 1)}
        </div>
      }
      tags={
        <>
          {member.self ? (
            <Tag color="default" fill="outline">
              我
            </Tag>
          ) : null}
          <Tag color={member.role === 'manager' ? 'warning' : 'primary'} fill="outline">
            {member.roleName}
          </Tag>
          {member.pending ? <Tag color="default">待接受</Tag> : null}
        </>
      }
      trailing={
        member.self ? null : (
          <Button
            size="mini"
            fill="none"
            color="danger"
            className="member-card__action"
            aria-label={`移除 ${member.name}`}
            onClick={() => onRemove(member)}
          >
            移除
          </Button>
        )
      }
    >
      <ListRowLine>
        <span className="member-card__phone">{maskedPhone(member.phone)}</span>
      </ListRowLine>
    </ListRow>
  );
}

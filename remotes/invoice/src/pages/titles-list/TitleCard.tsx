/** One title in the list: name, 企业/个人, 默认, the tax number, and its actions (set default, edit, delete). */
import { Button } from '@app/ui/button';
import { Checkbox } from '@app/ui/checkbox';
import { Tag } from '@app/ui/tag';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import type { Title } from '../../features/titles/titles-api';

export interface TitleCardProps {
  title: Title;
  onSetDefault: (title: Title) => void;
  onEdit: (title: Title) => void;
  onDelete: (title: Title) => void;
}

export function TitleCard({ title, onSetDefault, onEdit, onDelete }: TitleCardProps) {
  const contacts = [title.phone, title.email].filter(Boolean);
  return (
    <ListRow
      className="title-card"
      title={title.name}
      aria-label={title.name}
      tags={
        <>
          <Tag color={title.kind === '企业' ? 'primary' : 'success'} fill="outline">
            {title.kind}
          </Tag>
          {title.isDefault ? <Tag color="warning">默认</Tag> : null}
        </>
      }
      actions={
        <>
          {/* Controlled: tapping the default one again changes nothing (there is no "no default" action here). */}
          <Checkbox className="title-card__default" checked={title.isDefault} onChange={() => !title.isDefault && onSetDefault(title)}>
            {title.isDefault ? '默认抬头' : '设为默认'}
          </Checkbox>
          <Button size="mini" fill="none" className="title-card__action" onClick={() => onEdit(title)}>
            编辑
          </Button>
          <Button size="mini" fill="none" color="danger" className="title-card__action" onClick={() => onDelete(title)}>
            删除
          </Button>
        </>
      }
    >
      <ListRowLine label="税号">
        <span className="title-card__tax-number">{title.taxNumber || '未填写'}</span>
      </ListRowLine>
      {contacts.length ? (
        <ListRowLine label="联系">
          <span className="title-card__values">
            {contacts.map((contact) => (
              <span key={contact}>{contact}</span>
            ))}
          </span>
        </ListRowLine>
      ) : null}
    </ListRow>
  );
}

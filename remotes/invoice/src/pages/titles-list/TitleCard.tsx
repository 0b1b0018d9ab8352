/** One title in the list: name, 企业/个人, 默认, the tax number, and its actions (set default, edit, delete). */
import { Button } from '@app/ui/button';
import { Checkbox } from '@app/ui/checkbox';
import { Tag } from '@app/ui/tag';
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
    <article className="title-card" aria-label={title.name}>
      <div className="title-card__head">
        <span className="title-card__name">{title.name}</span>
        <Tag className="title-card__tag" color={title.kind === '企业' ? 'primary' : 'success'} fill="outline">
          {title.kind}
        </Tag>
        {title.isDefault ? (
          <Tag className="title-card__tag" color="warning">
            默认
          </Tag>
        ) : null}
      </div>
      <div className="title-card__line">
        <span className="title-card__label">税号</span>
        <span className="title-card__tax-number">{title.taxNumber || '未填写'}</span>
      </div>
      {contacts.length ? (
        <div className="title-card__line">
          <span className="title-card__label">联系</span>
          <span className="title-card__values">
            {contacts.map((contact) => (
              <span key={contact}>{contact}</span>
            ))}
          </span>
        </div>
      ) : null}
      <div className="title-card__actions">
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
      </div>
    </article>
  );
}

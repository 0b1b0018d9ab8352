/** One sub-code in the list: name, 已启用 / 已停用, its fixed goods and amount (or 收款金额 由顾客输入) and its code. */
import { Tag } from '@app/ui/tag';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import { chargeLine } from '../../features/sub-codes/sub-code-charge';
import type { SubCode } from '../../features/sub-codes/sub-codes-api';

export interface SubCodeCardProps {
  subCode: SubCode;
  onOpen: (subCode: SubCode) => void;
}

export function SubCodeCard({ subCode, onOpen }: SubCodeCardProps) {
  const charge = chargeLine(subCode);
  return (
    <ListRow
      press="body"
      muted={!subCode.enabled}
      title={subCode.name}
      aria-label={subCode.name}
      tags={
        <Tag color={subCode.enabled ? 'success' : 'default'} fill="outline">
          {subCode.enabled ? '已启用' : '已停用'}
        </Tag>
      }
      onClick={() => onOpen(subCode)}
    >
      <ListRowLine label={<span className="sub-code-card__label">{charge.label}</span>}>
        <span className={subCode.amountFen === null ? 'sub-code-card__weak' : 'sub-code-card__charge'}>{charge.value}</span>
      </ListRowLine>
      <ListRowLine
        label={<span className="sub-code-card__label">收款码</span>}
        extra={
          <span className="sub-code-card__more" aria-hidden="true">
            管理 ›
          </span>
        }
      >
        <span className="sub-code-card__code">{subCode.code}</span>
      </ListRowLine>
    </ListRow>
  );
}

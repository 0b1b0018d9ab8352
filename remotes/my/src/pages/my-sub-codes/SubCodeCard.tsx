/** One sub-code in the list: name, 已启用 / 已停用, its fixed goods and amount (or 金额由顾客输入) and its code. */
import { formatYuan } from '@app/domain/money';
import { Tag } from '@app/ui/tag';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import type { SubCode } from './sub-codes-api';

export interface SubCodeCardProps {
  subCode: SubCode;
  onOpen: (subCode: SubCode) => void;
}

/** `商品名 · ¥12.00`, or 金额由顾客输入 when the customer types the amount. */
export function chargeOf(subCode: Pick<SubCode, 'goodsName' | 'amountFen'>): string {
  if (subCode.amountFen === null) return '金额由顾客输入';
  return [subCode.goodsName, formatYuan(subCode.amountFen)].filter(Boolean).join(' · ');
}

export function SubCodeCard({ subCode, onOpen }: SubCodeCardProps) {
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
      <ListRowLine label={<span className="sub-code-card__label">固定收款</span>}>
        <span className={subCode.amountFen === null ? 'sub-code-card__weak' : 'sub-code-card__charge'}>{chargeOf(subCode)}</span>
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

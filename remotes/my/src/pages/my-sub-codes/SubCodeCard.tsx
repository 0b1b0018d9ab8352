/** One sub-code in the list: name, 已启用 / 已停用, its fixed goods and amount (or 收款金额 由顾客输入) and its code. */
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

/** The charge as a labelled line: 固定收款 only for a fixed charge; otherwise the amount is the customer's to type. */
export function chargeLine(subCode: Pick<SubCode, 'goodsName' | 'amountFen'>): { label: string; value: string } {
  return subCode.amountFen === null ? { label: '收款金额', value: '由顾客输入' } : { label: '固定收款', value: chargeOf(subCode) };
}

/** The sub-code and its charge in one line (`1 号收银台 · 咖啡 · ¥15.00`), the goods left out when the code bears their name. */
export function subCodeSummary(subCode: Pick<SubCode, 'name' | 'goodsName' | 'amountFen'>): string {
  const goodsName = subCode.goodsName === subCode.name ? null : subCode.goodsName;
  return `${subCode.name} · ${chargeOf({ goodsName, amountFen: subCode.amountFen })}`;
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

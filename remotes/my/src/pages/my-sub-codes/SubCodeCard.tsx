/** One sub-code in the list: name, 已启用 / 已停用, its fixed goods and amount (or 金额由顾客输入) and its code. */
import { formatYuan } from '@app/domain/money';
import { Tag } from '@app/ui/tag';
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
    <article className={`sub-code-card${subCode.enabled ? '' : ' sub-code-card--disabled'}`} aria-label={subCode.name}>
      <button type="button" className="sub-code-card__body" onClick={() => onOpen(subCode)}>
        <span className="sub-code-card__head">
          <span className="sub-code-card__name">{subCode.name}</span>
          <Tag className="sub-code-card__tag" color={subCode.enabled ? 'success' : 'default'} fill="outline">
            {subCode.enabled ? '已启用' : '已停用'}
          </Tag>
        </span>
        <span className="sub-code-card__line">
          <span className="sub-code-card__label">固定收款</span>
          <span className={subCode.amountFen === null ? 'sub-code-card__weak' : 'sub-code-card__charge'}>{chargeOf(subCode)}</span>
        </span>
        <span className="sub-code-card__line">
          <span className="sub-code-card__label">收款码</span>
          <span className="sub-code-card__code">{subCode.code}</span>
          <span className="sub-code-card__more" aria-hidden="true">
            管理 ›
          </span>
        </span>
      </button>
    </article>
  );
}

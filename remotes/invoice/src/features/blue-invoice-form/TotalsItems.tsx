/** 合计金额, 合计税额 and 价税合计 with its capital numerals, as the lines are typed. */
import { amountInCapitals } from '@app/domain/capital-numerals';
import { formatYuan } from '@app/domain/money';
import type { LineAmounts } from '@app/domain/tax-maths';
import { List } from '@app/ui/list';

export function TotalsItems({ totals, compact }: { totals: LineAmounts; compact: boolean }) {
  const capitals = <span className="blue-totals__capitals">（大写）{amountInCapitals(totals.grossFen)}</span>;
  if (compact) {
    return (
      <List.Item
        className="blue-totals"
        extra={<strong className="blue-totals__gross">{formatYuan(totals.grossFen)}</strong>}
        description={
          <>
            <span className="blue-totals__split">
              金额 {formatYuan(totals.netFen)} · 税额 {formatYuan(totals.taxFen)}
            </span>
            {capitals}
          </>
        }
      >
        价税合计
      </List.Item>
    );
  }
  return (
    <>
      <List.Item className="blue-totals" extra={formatYuan(totals.netFen)}>
        合计金额
      </List.Item>
      <List.Item className="blue-totals" extra={formatYuan(totals.taxFen)}>
        合计税额
      </List.Item>
      <List.Item
        className="blue-totals"
        extra={<strong className="blue-totals__gross">{formatYuan(totals.grossFen)}</strong>}
        description={capitals}
      >
        价税合计
      </List.Item>
    </>
  );
}

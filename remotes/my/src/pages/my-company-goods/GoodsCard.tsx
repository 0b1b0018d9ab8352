/**
 * One goods row: `*简称*名称`, model and unit, the unit price and the rate. A manager taps it to edit and has 编辑 and
 * 删除 under it; anyone else sees it read-only.
 */
import { Button } from '@app/ui/button';
import { Tag } from '@app/ui/tag';
import { Amount } from '@app/widgets/amount';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import type { Goods } from '@app/contract/goods';
import { goodsTitle, modelAndUnit, rateText, unitPriceText } from './goods-text';

export interface GoodsCardProps {
  goods: Goods;
  /** Given to managers only: without them the card is read-only. */
  onEdit?: (goods: Goods) => void;
  onDelete?: (goods: Goods) => void;
}

export function GoodsCard({ goods, onEdit, onDelete }: GoodsCardProps) {
  const facts = modelAndUnit(goods);
  return (
    <ListRow
      title={goodsTitle(goods)}
      aria-label={goods.name}
      tags={
        <Tag color={goods.taxFree ? 'default' : 'primary'} fill="outline">
          {rateText(goods)}
        </Tag>
      }
      onClick={onEdit ? () => onEdit(goods) : undefined}
      actions={
        onEdit ? (
          <>
            <Button size="mini" fill="none" className="goods-card__action" onClick={() => onEdit(goods)}>
              编辑
            </Button>
            <Button size="mini" fill="none" color="danger" className="goods-card__action" onClick={() => onDelete?.(goods)}>
              删除
            </Button>
          </>
        ) : undefined
      }
    >
      <ListRowLine
        truncate
        extra={
          goods.unitPriceFen === null ? (
            <span className="goods-card__no-price">{unitPriceText(goods)}</span>
          ) : (
            <Amount fen={goods.unitPriceFen} size="medium" />
          )
        }
      >
        {facts ?? '未填写规格和单位'}
      </ListRowLine>
      <ListRowLine>
        <span className="goods-card__code">税收分类编码 {goods.taxCode}</span>
      </ListRowLine>
    </ListRow>
  );
}

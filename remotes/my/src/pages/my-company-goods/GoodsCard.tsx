/**
 * One goods row: `*简称*名称`, model and unit, the unit price and the rate. A manager taps it to edit and has 编辑 and
 * 删除 under it; anyone else sees it read-only.
 */
import { Button } from '@app/ui/button';
import { Tag } from '@app/ui/tag';
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
  const editable = Boolean(onEdit);
  const body = (
    <>
      <div className="goods-card__head">
        <span className="goods-card__name">{goodsTitle(goods)}</span>
        <Tag className="goods-card__rate" color={goods.taxFree ? 'default' : 'primary'} fill="outline">
          {rateText(goods)}
        </Tag>
      </div>
      <div className="goods-card__line">
        <span className="goods-card__facts">{facts ?? '未填写规格和单位'}</span>
        <span className={goods.unitPriceFen === null ? 'goods-card__price goods-card__price--none' : 'goods-card__price'}>{unitPriceText(goods)}</span>
      </div>
      <div className="goods-card__code">税收分类编码 {goods.taxCode}</div>
    </>
  );
  return (
    <article className="goods-card" aria-label={goods.name}>
      {editable ? (
        <div className="goods-card__body goods-card__body--tappable" role="button" tabIndex={0} aria-label={`编辑 ${goods.name}`} onClick={() => onEdit?.(goods)}>
          {body}
        </div>
      ) : (
        <div className="goods-card__body">{body}</div>
      )}
      {editable ? (
        <div className="goods-card__actions">
          <Button size="mini" fill="none" className="goods-card__action" onClick={() => onEdit?.(goods)}>
            编辑
          </Button>
          <Button size="mini" fill="none" color="danger" className="goods-card__action" onClick={() => onDelete?.(goods)}>
            删除
          </Button>
        </div>
      ) : null}
    </article>
  );
}

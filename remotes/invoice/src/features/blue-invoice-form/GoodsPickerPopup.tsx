/** Picks one of the company's goods: a search box over `goods/list`, each row with its class, unit price and rate. */
import { useState } from 'react';
import { printedItemName } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { PagedList } from '@app/ui/paged-list';
import { SearchBar } from '@app/ui/search-bar';
import { listGoods } from './blue-invoice-api';
import type { Goods } from '@app/contract/goods';
import { PickerPopup } from './PickerPopup';
import { rateLabel, rateOfGoods } from './rate-options';
import { useDebounced } from './use-debounced';

export interface GoodsPickerPopupProps {
  visible: boolean;
  onClose: () => void;
  onPick: (goods: Goods) => void;
}

function GoodsRow({ goods, onPick }: { goods: Goods; onPick: (goods: Goods) => void }) {
  const rate = rateOfGoods(goods);
  const facts = [goods.model, goods.unit && `单位 ${goods.unit}`, goods.unitPriceFen !== null && `含税单价 ${formatYuan(goods.unitPriceFen)}`].filter(Boolean);
  return (
    <button type="button" className="picker-row" onClick={() => onPick(goods)}>
      <span className="picker-row__main">
        <span className="picker-row__name">{goods.name}</span>
        {rate !== null ? <span className="picker-row__badge">{rateLabel(rate)}</span> : null}
      </span>
      <span className="picker-row__sub">{printedItemName(goods.taxShortName, goods.name)}</span>
      {facts.length ? <span className="picker-row__sub">{facts.join(' · ')}</span> : null}
    </button>
  );
}

export function GoodsPickerPopup({ visible, onClose, onPick }: GoodsPickerPopupProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 300);
  return (
    <PickerPopup visible={visible} title="选择商品" onClose={onClose}>
      <div className="picker-popup__search">
        <SearchBar placeholder="搜索商品名称或税收分类" value={text} onChange={setText} onClear={() => setText('')} />
      </div>
      <PagedList<Goods>
        queryKey={`goods:${keyword}`}
        load={(page) => listGoods(keyword, page)}
        itemKey={(goods) => goods.id}
        renderItem={(goods) => <GoodsRow goods={goods} onPick={onPick} />}
        skeletonRows={3}
        empty={{
          description: keyword ? '没有找到相关商品' : '还没有开票商品',
          action: (
            <Button
              color="primary"
              fill="outline"
              size="small"
              onClick={() => {
                onClose();
                navigate(appHref('myCompanyGoodsAdd'));
              }}
            >
              添加商品
            </Button>
          ),
        }}
      />
    </PickerPopup>
  );
}

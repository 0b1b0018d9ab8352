/** Picks the fixed goods: a search box over `goods/list`, each row with its tax class and unit price. */
import { useEffect, useState } from 'react';
import { formatYuan } from '@app/domain/money';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { PagedList } from '@app/ui/paged-list';
import { Popup } from '@app/ui/popup';
import { SearchBar } from '@app/ui/search-bar';
import { listGoods, type Goods } from '../my-sub-codes/sub-codes-api';

export interface GoodsPickerPopupProps {
  visible: boolean;
  onClose: () => void;
  onPick: (goods: Goods) => void;
}

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function GoodsRow({ goods, onPick }: { goods: Goods; onPick: (goods: Goods) => void }) {
  const facts = [`*${goods.taxShortName}*`, goods.unit && `单位 ${goods.unit}`, goods.unitPriceFen !== null && `含税单价 ${formatYuan(goods.unitPriceFen)}`].filter(Boolean);
  return (
    <button type="button" className="goods-row" aria-label={goods.name} onClick={() => onPick(goods)}>
      <span className="goods-row__name">{goods.name}</span>
      <span className="goods-row__sub">{facts.join(' · ')}</span>
    </button>
  );
}

export function GoodsPickerPopup({ visible, onClose, onPick }: GoodsPickerPopupProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 300);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose bodyClassName="goods-picker">
      <div className="goods-picker__frame" role="dialog" aria-label="选择固定商品">
        <div className="goods-picker__bar">
          <span className="goods-picker__title">选择固定商品</span>
          <a className="goods-picker__close" role="button" onClick={onClose}>
            取消
          </a>
        </div>
        <div className="goods-picker__search">
          <SearchBar placeholder="搜索商品名称" value={text} onChange={setText} onClear={() => setText('')} />
        </div>
        <div className="goods-picker__content">
          <PagedList<Goods>
            queryKey={`goods:${keyword}`}
            load={(page) => listGoods(keyword, page)}
            itemKey={(goods) => goods.id}
            renderItem={(goods) => <GoodsRow goods={goods} onPick={onPick} />}
            skeletonRows={3}
            empty={{
              description: keyword ? '没有找到相关商品' : '还没有商品，先去商品管理添加',
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
        </div>
      </div>
    </Popup>
  );
}

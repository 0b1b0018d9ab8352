/**
 * Picks one of the company's goods (`goods/list`, searched as the user types): a sheet of rows with the name, the
 * rate, the item name as the invoice prints it (`*简称*名称`) and the model, unit and unit price. With no goods yet it
 * offers 添加商品, the goods form of 我的 (`appHref('myCompanyGoodsAdd')`).
 */
import { useState } from 'react';
import { printedItemName, printedRate } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import type { Goods } from '@app/contract/goods';
import { callApi } from '@app/host-sdk/api-client';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { PagedList } from '@app/ui/paged-list';
import type { PagedResult } from '@app/ui/paging';
import { SearchBar } from '@app/ui/search-bar';
import { useDebounced } from '@app/ui/use-debounced';
import { ListRow, ListRowLine, RowBadge } from './list-row';
import { Sheet } from './sheet';

export interface GoodsPickerProps {
  visible: boolean;
  onClose: () => void;
  onPick: (goods: Goods) => void;
  /** The sheet's title: 选择商品, or what the goods are for (选择固定商品). */
  title?: string;
}

/** How long the search waits for the user to pause typing before it asks the server. */
export const GOODS_SEARCH_DELAY_MS = 300;

function listGoods(keyword: string, page: number): Promise<PagedResult<Goods>> {
  return callApi('goods/list', keyword ? { keyword, page } : { page });
}

/** The goods' rate as printed (13%, 免税), or null when it has none. */
function rateOf(goods: Goods): string | null {
  return goods.taxFree || goods.taxRatePermille !== null
    ? printedRate({ ratePermille: goods.taxRatePermille, taxFree: goods.taxFree })
    : null;
}

function GoodsRow({ goods, onPick }: { goods: Goods; onPick: (goods: Goods) => void }) {
  const rate = rateOf(goods);
  const facts = [
    goods.model,
    goods.unit && `单位 ${goods.unit}`,
    goods.unitPriceFen !== null && `含税单价 ${formatYuan(goods.unitPriceFen)}`,
  ].filter(Boolean);
  return (
    <ListRow
      compact
      title={goods.name}
      aria-label={goods.name}
      tags={rate ? <RowBadge>{rate}</RowBadge> : null}
      onClick={() => onPick(goods)}
    >
      <ListRowLine truncate>{printedItemName(goods.taxShortName, goods.name)}</ListRowLine>
      {facts.length ? <ListRowLine truncate>{facts.join(' · ')}</ListRowLine> : null}
    </ListRow>
  );
}

export function GoodsPicker({ visible, onClose, onPick, title = '选择商品' }: GoodsPickerProps) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), GOODS_SEARCH_DELAY_MS);
  return (
    <Sheet
      visible={visible}
      title={title}
      onClose={onClose}
      toolbar={<SearchBar placeholder="搜索商品名称或税收分类" value={text} onChange={setText} onClear={() => setText('')} />}
    >
      <PagedList<Goods>
        queryKey={`goods:${keyword}`}
        load={(page) => listGoods(keyword, page)}
        itemKey={(goods) => goods.id}
        renderItem={(goods) => <GoodsRow goods={goods} onPick={onPick} />}
        skeletonRows={3}
        empty={
          keyword
            ? { description: '没有找到相关商品' }
            : {
                description: '还没有商品，先去商品管理添加',
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
              }
        }
      />
    </Sheet>
  );
}

/**
 * `/my/companyGoods`: the company's goods (开票商品), searched by name or short name. A manager (company_manage)
 * adds, edits (tap a row) and deletes them (after a confirmation; goods an invoice names are archived instead, and
 * leave the list all the same); everyone else sees them read-only. The page stays alive in the page cache and
 * reloads when shown again after the goods changed (goods-changes.ts).
 */
import { useRef, useState } from 'react';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { usePermissions } from '@app/host-sdk/session-hooks';
import { Page } from '@app/ui/page';
import type { PagedListHandle } from '@app/ui/paged-list';
import { useReloadOnChange } from '@app/ui/list-revision';
import { SearchBar } from '@app/ui/search-bar';
import { useDebounced } from '@app/ui/use-debounced';
import { AddableList } from '@app/widgets/addable-list';
import { confirmRemoval } from '@app/widgets/confirm-removal';
import { deleteGoods, listGoods, type Goods } from './goods-api';
import { goodsRevision } from '../../features/company-goods/goods-changes';
import { GoodsCard } from './GoodsCard';
import './my-company-goods.css';

export default function MyCompanyGoodsPage() {
  const navigate = useNavigate();
  const manager = usePermissions().includes('company_manage');
  const list = useRef<PagedListHandle>(null);
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 300);
  useReloadOnChange(list, goodsRevision);

  const add = () => navigate(appHref('myCompanyGoodsAdd'));
  const edit = (goods: Goods) => navigate(appHref('myCompanyGoodsAdd', {}, { id: goods.id }));

  async function remove(goods: Goods) {
    await confirmRemoval({
      title: '删除商品',
      content: `确定删除“${goods.name}”吗？`,
      remove: async () => ((await deleteGoods(goods.id)).archived ? '商品已被发票使用，已归档' : '已删除'),
    });
  }

  return (
    <Page title="商品管理">
      <div className="company-goods">
        <AddableList<Goods>
          ref={list}
          queryKey={`goods:${keyword}`}
          keyword={keyword}
          load={(page) => listGoods(keyword, page)}
          itemKey={(goods) => goods.id}
          header={
            <div className="company-goods__search">
              <SearchBar placeholder="搜索商品名称或简称" value={text} onChange={setText} onClear={() => setText('')} />
            </div>
          }
          renderItem={(goods) =>
            manager ? <GoodsCard goods={goods} onEdit={edit} onDelete={(item) => void remove(item)} /> : <GoodsCard goods={goods} />
          }
          skeletonRows={4}
          emptyText="还没有商品"
          notFoundText="没有找到相关商品"
          {...(manager ? { add: { text: '新增商品', onAdd: add } } : {})}
        />
      </div>
    </Page>
  );
}

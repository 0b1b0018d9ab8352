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
import { Button } from '@app/ui/button';
import { confirmDialog, showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { useReloadOnChange } from '@app/ui/list-revision';
import { SearchBar } from '@app/ui/search-bar';
import { useDebounced } from '@app/ui/use-debounced';
import { BottomBar } from '@app/widgets/bottom-bar';
import { deleteGoods, listGoods, type Goods } from './goods-api';
import { goodsRevision } from './goods-changes';
import { GoodsCard } from './GoodsCard';
import './my-company-goods.css';

export default function MyCompanyGoodsPage() {
  const navigate = useNavigate();
  const manager = usePermissions().includes('company_manage');
  const list = useRef<PagedListHandle>(null);
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 300);
  /** How many goods the unfiltered list has, once known: the bottom button gives way to the empty state's own. */
  const [total, setTotal] = useState<number | null>(null);
  useReloadOnChange(list, goodsRevision);

  const add = () => navigate(appHref('myCompanyGoodsAdd'));
  const edit = (goods: Goods) => navigate(appHref('myCompanyGoodsAdd', {}, { id: goods.id }));

  const load = async (page: number) => {
    const result = await listGoods(keyword, page);
    if (page === 1 && !keyword) setTotal(result.total);
    return result;
  };

  async function remove(goods: Goods) {
    const confirmed = await confirmDialog({
      title: '删除商品',
      content: `确定删除“${goods.name}”吗？`,
      confirmText: <span className="company-goods__danger">删除</span>,
      cancelText: '取消',
    });
    if (!confirmed) return;
    try {
      const { archived } = await deleteGoods(goods.id);
      showToast({ icon: 'success', content: archived ? '商品已被发票使用，已归档' : '已删除' });
    } catch {
      // The API client has shown the error.
    }
  }

  const addButton = (
    <Button color="primary" onClick={add}>
      新增商品
    </Button>
  );

  return (
    <Page title="商品管理">
      <div className="company-goods">
        <PagedList<Goods>
          ref={list}
          queryKey={`goods:${keyword}`}
          load={load}
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
          empty={
            keyword
              ? { description: '没有找到相关商品' }
              : { description: '还没有商品', ...(manager ? { action: addButton } : {}) }
          }
        />
      </div>
      {manager && total !== 0 ? (
        <BottomBar>
          <Button block color="primary" size="large" onClick={add}>
            新增商品
          </Button>
        </BottomBar>
      ) : null}
    </Page>
  );
}

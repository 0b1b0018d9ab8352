/**
 * `/my/subCode/`: the company's sub-codes (子码: a cashier, a branch, a table), each a QR code customers scan to pay
 * and ask for an invoice. Tapping one offers 编辑, 二维码, 启用 / 停用 and 删除 (after a confirmation); 新增子码 opens
 * the form. The page stays alive in the page cache and reloads after a sub-code changed (`subCodesRevision`).
 */
import { useRef, useState } from 'react';
import { useNavigate } from '@app/host-sdk/router';
import { ActionSheet, type ActionSheetAction } from '@app/ui/action-sheet';
import { Button } from '@app/ui/button';
import { confirmDialog, showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { useReloadOnChange } from '@app/ui/list-revision';
import { SearchBar } from '@app/ui/search-bar';
import { useDebounced } from '@app/ui/use-debounced';
import { BottomBar } from '@app/widgets/bottom-bar';
import { href } from '../../paths';
import { deleteSubCode, listSubCodes, setSubCodeEnabled, subCodesRevision, type SubCode } from './sub-codes-api';
import { chargeOf, SubCodeCard } from './SubCodeCard';
import './my-sub-codes.css';

export default function MySubCodesPage() {
  const navigate = useNavigate();
  const list = useRef<PagedListHandle>(null);
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 300);
  /** How many sub-codes there are (no keyword), once known: the bottom button gives way to the empty state's own. */
  const [total, setTotal] = useState<number | null>(null);
  const [chosen, setChosen] = useState<SubCode | null>(null);
  useReloadOnChange(list, subCodesRevision);

  const add = () => navigate(href('mySubCodeAdd'));

  const load = async (page: number) => {
    const result = await listSubCodes(keyword, page);
    if (page === 1 && !keyword) setTotal(result.total);
    return result;
  };

  async function toggle(subCode: SubCode) {
    try {
      await setSubCodeEnabled(subCode, !subCode.enabled);
      showToast({ icon: 'success', content: subCode.enabled ? '已停用' : '已启用' });
    } catch {
      // The API client has shown the error.
    }
  }

  async function remove(subCode: SubCode) {
    const confirmed = await confirmDialog({
      title: '删除子码',
      content: `确定删除“${subCode.name}”吗？删除后它的收款码将无法再使用。`,
      confirmText: <span className="my-sub-codes__danger">删除</span>,
      cancelText: '取消',
    });
    if (!confirmed) return;
    try {
      await deleteSubCode(subCode.id);
      showToast({ icon: 'success', content: '已删除' });
    } catch {
      // The API client has shown the error.
    }
  }

  const actions: ActionSheetAction[] = chosen
    ? [
        { key: 'edit', text: '编辑', onClick: () => navigate(href('mySubCodeEdit', {}, { id: chosen.id })) },
        { key: 'qrcode', text: '二维码', onClick: () => navigate(href('mySubCodeQrcode', {}, { id: chosen.id })) },
        { key: 'toggle', text: chosen.enabled ? '停用' : '启用', onClick: () => void toggle(chosen) },
        { key: 'delete', text: '删除', danger: true, onClick: () => void remove(chosen) },
      ]
    : [];

  return (
    <Page title="子码管理">
      <div className="my-sub-codes">
        <div className="my-sub-codes__search">
          <SearchBar placeholder="搜索子码名称" value={text} onChange={setText} onClear={() => setText('')} />
        </div>
        <PagedList<SubCode>
          ref={list}
          queryKey={`sub-codes:${keyword}`}
          load={load}
          itemKey={(subCode) => subCode.id}
          renderItem={(subCode) => <SubCodeCard subCode={subCode} onOpen={setChosen} />}
          skeletonRows={4}
          empty={
            keyword
              ? { description: '没有找到相关子码' }
              : {
                  description: '还没有子码，为收银台、门店或餐桌各建一个收款码',
                  action: (
                    <Button color="primary" onClick={add}>
                      新增子码
                    </Button>
                  ),
                }
          }
        />
      </div>
      {total !== 0 ? (
        <BottomBar>
          <Button block color="primary" size="large" onClick={add}>
            新增子码
          </Button>
        </BottomBar>
      ) : null}
      <ActionSheet
        visible={chosen !== null}
        actions={actions}
        extra={chosen ? `${chosen.name} · ${chargeOf(chosen)}` : null}
        cancelText="取消"
        closeOnAction
        onClose={() => setChosen(null)}
      />
    </Page>
  );
}

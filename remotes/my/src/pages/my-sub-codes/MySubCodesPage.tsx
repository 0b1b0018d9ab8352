/**
 * `/my/subCode/`: the company's sub-codes (子码: a cashier, a branch, a table), each a QR code customers scan to pay
 * and ask for an invoice. Tapping one offers 编辑, 二维码, 启用 / 停用 and 删除 (after a confirmation); 新增子码 opens
 * the form. The page stays alive in the page cache and reloads after a sub-code changed (`subCodesRevision`).
 */
import { useRef, useState } from 'react';
import { useNavigate } from '@app/host-sdk/router';
import { ActionSheet, type ActionSheetAction } from '@app/ui/action-sheet';
import { showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import type { PagedListHandle } from '@app/ui/paged-list';
import { useReloadOnChange } from '@app/ui/list-revision';
import { SearchBar } from '@app/ui/search-bar';
import { useDebounced } from '@app/ui/use-debounced';
import { AddableList } from '@app/widgets/addable-list';
import { confirmRemoval } from '@app/widgets/confirm-removal';
import { href } from '../../paths';
import { deleteSubCode, listSubCodes, setSubCodeEnabled, subCodesRevision, type SubCode } from '../../features/sub-codes/sub-codes-api';
import { subCodeSummary } from '../../features/sub-codes/sub-code-charge';
import { SubCodeCard } from './SubCodeCard';
import './my-sub-codes.css';

export default function MySubCodesPage() {
  const navigate = useNavigate();
  const list = useRef<PagedListHandle>(null);
  const [text, setText] = useState('');
  const keyword = useDebounced(text.trim(), 300);
  const [chosen, setChosen] = useState<SubCode | null>(null);
  useReloadOnChange(list, subCodesRevision);

  const add = () => navigate(href('mySubCodeAdd'));

  async function toggle(subCode: SubCode) {
    try {
      await setSubCodeEnabled(subCode, !subCode.enabled);
      showToast({ icon: 'success', content: subCode.enabled ? '已停用' : '已启用' });
    } catch {
      // The API client has shown the error.
    }
  }

  async function remove(subCode: SubCode) {
    await confirmRemoval({
      title: '删除子码',
      content: `确定删除“${subCode.name}”吗？删除后它的收款码将无法再使用。`,
      remove: async () => {
        await deleteSubCode(subCode.id);
        return '已删除';
      },
    });
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
        <AddableList<SubCode>
          ref={list}
          queryKey={`sub-codes:${keyword}`}
          keyword={keyword}
          load={(page) => listSubCodes(keyword, page)}
          itemKey={(subCode) => subCode.id}
          renderItem={(subCode) => <SubCodeCard subCode={subCode} onOpen={setChosen} />}
          skeletonRows={4}
          emptyText="还没有子码，为收银台、门店或餐桌各建一个收款码"
          notFoundText="没有找到相关子码"
          add={{ text: '新增子码', onAdd: add }}
        />
      </div>
      <ActionSheet
        visible={chosen !== null}
        actions={actions}
        extra={chosen ? subCodeSummary(chosen) : null}
        cancelText="取消"
        closeOnAction
        onClose={() => setChosen(null)}
      />
    </Page>
  );
}

/**
 * `/titles/list`: the user's invoice titles (发票抬头), the default first. Set the default, edit, or delete one (after
 * a confirmation); 新增抬头 opens the form. The page stays alive in the page cache: it reloads when shown again after
 * the titles changed (titles-changes.ts), e.g. when the form saved one.
 */
import { useRef, useState } from 'react';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Dialog } from '@app/ui/dialog';
import { Page } from '@app/ui/page';
import { useReloadOnChange } from '@app/ui/list-revision';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { Toast } from '@app/ui/toast';
import { href } from '../../paths';
import { deleteTitle, listTitles, setDefaultTitle, type Title } from '../../features/titles/titles-api';
import { titlesRevision } from '../../features/titles/titles-changes';
import { TitleCard } from './TitleCard';
import { BottomBar } from '@app/widgets/bottom-bar';
import './titles-list.css';

export default function TitlesListPage() {
  const navigate = useNavigate();
  const list = useRef<PagedListHandle>(null);
  /** How many titles there are, once known: the bottom button gives way to the empty state's own. */
  const [total, setTotal] = useState<number | null>(null);
  useReloadOnChange(list, titlesRevision);

  const create = () => navigate(href('titlesCreate'));
  const edit = (title: Title) => navigate(href('titlesCreate', {}, { id: title.id }));

  const load = async (page: number) => {
    const result = await listTitles(page);
    if (page === 1) setTotal(result.total);
    return result;
  };

  async function makeDefault(title: Title) {
    try {
      await setDefaultTitle(title.id);
      Toast.show({ icon: 'success', content: '已设为默认抬头' });
    } catch {
      // The API client has shown the error.
    }
  }

  async function remove(title: Title) {
    const confirmed = await Dialog.confirm({
      title: '删除抬头',
      content: `确定删除“${title.name}”吗？删除后不可恢复。`,
      confirmText: <span className="titles-list__danger">删除</span>,
      cancelText: '取消',
    });
    if (!confirmed) return;
    try {
      await deleteTitle(title.id);
      Toast.show({ icon: 'success', content: '已删除' });
    } catch {
      // The API client has shown the error.
    }
  }

  return (
    <Page title="发票抬头">
      <div className="titles-list">
        <PagedList<Title>
          ref={list}
          queryKey="titles"
          load={load}
          itemKey={(title) => title.id}
          renderItem={(title) => <TitleCard title={title} onSetDefault={(t) => void makeDefault(t)} onEdit={edit} onDelete={(t) => void remove(t)} />}
          skeletonRows={4}
          empty={{
            description: '还没有发票抬头，添加后开票时可一键填入',
            action: (
              <Button color="primary" onClick={create}>
                新增抬头
              </Button>
            ),
          }}
        />
      </div>
      {total !== 0 ? (
        <BottomBar>
          <Button block color="primary" size="large" onClick={create}>
            新增抬头
          </Button>
        </BottomBar>
      ) : null}
    </Page>
  );
}

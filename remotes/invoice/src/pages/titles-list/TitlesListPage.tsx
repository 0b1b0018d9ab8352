/**
 * `/titles/list`: the user's invoice titles (发票抬头), the default first. Set the default, edit, or delete one (after
 * a confirmation); 新增抬头 opens the form. The page stays alive in the page cache: it reloads when shown again after
 * the titles changed (titles-changes.ts), e.g. when the form saved one.
 */
import { useRef } from 'react';
import { useNavigate } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { useReloadOnChange } from '@app/ui/list-revision';
import type { PagedListHandle } from '@app/ui/paged-list';
import { Toast } from '@app/ui/toast';
import { href } from '../../paths';
import { deleteTitle, listTitles, setDefaultTitle, type Title } from '../../features/titles/titles-api';
import { titlesRevision } from '../../features/titles/titles-changes';
import { TitleCard } from './TitleCard';
import { AddableList } from '@app/widgets/addable-list';
import { confirmRemoval } from '@app/widgets/confirm-removal';
import './titles-list.css';

export default function TitlesListPage() {
  const navigate = useNavigate();
  const list = useRef<PagedListHandle>(null);
  useReloadOnChange(list, titlesRevision);

  const create = () => navigate(href('titlesCreate'));
  const edit = (title: Title) => navigate(href('titlesCreate', {}, { id: title.id }));

  async function makeDefault(title: Title) {
    try {
      await setDefaultTitle(title.id);
      Toast.show({ icon: 'success', content: '已设为默认抬头' });
    } catch {
      // The API client has shown the error.
    }
  }

  async function remove(title: Title) {
    await confirmRemoval({
      title: '删除抬头',
      content: `确定删除“${title.name}”吗？删除后不可恢复。`,
      remove: async () => {
        await deleteTitle(title.id);
        return '已删除';
      },
    });
  }

  return (
    <Page title="发票抬头">
      <div className="titles-list">
        <AddableList<Title>
          ref={list}
          queryKey="titles"
          load={listTitles}
          itemKey={(title) => title.id}
          renderItem={(title) => (
            <TitleCard title={title} onSetDefault={(t) => void makeDefault(t)} onEdit={edit} onDelete={(t) => void remove(t)} />
          )}
          skeletonRows={4}
          emptyText="还没有发票抬头，添加后开票时可一键填入"
          add={{ text: '新增抬头', onAdd: create }}
        />
      </div>
    </Page>
  );
}

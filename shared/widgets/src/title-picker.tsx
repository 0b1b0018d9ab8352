/**
 * Picks one of the signed-in user's invoice titles (`title/list`, the default first) to fill an invoice's buyer: a
 * sheet of rows with the name, 企业/个人, 默认 and the tax number.
 */
import type { Title } from '@app/domain/invoice-title';
import { callApi } from '@app/host-sdk/api-client';
import { Button } from '@app/ui/button';
import { PagedList } from '@app/ui/paged-list';
import type { PagedResult } from '@app/ui/paging';
import { ListRow, ListRowLine, RowBadge } from './list-row';
import { Sheet } from './sheet';

export interface TitlePickerProps {
  visible: boolean;
  onClose: () => void;
  onPick: (title: Title) => void;
  /** When the user has no title yet: offers 新增抬头, which closes the picker and calls this (the title form). */
  onAdd?: () => void;
}

function listTitles(page: number): Promise<PagedResult<Title>> {
  return callApi('title/list', { page });
}

function TitleRow({ title, onPick }: { title: Title; onPick: (title: Title) => void }) {
  return (
    <ListRow
      compact
      title={title.name}
      tags={
        <>
          <RowBadge>{title.kind}</RowBadge>
          {title.isDefault ? <RowBadge accent>默认</RowBadge> : null}
        </>
      }
      onClick={() => onPick(title)}
    >
      <ListRowLine>{title.taxNumber ? `税号 ${title.taxNumber}` : '未填写税号'}</ListRowLine>
    </ListRow>
  );
}

export function TitlePicker({ visible, onClose, onPick, onAdd }: TitlePickerProps) {
  const add = onAdd
    ? () => {
        onClose();
        onAdd();
      }
    : null;
  return (
    <Sheet visible={visible} title="选择抬头" onClose={onClose}>
      <PagedList<Title>
        queryKey="titles"
        load={listTitles}
        itemKey={(title) => title.id}
        renderItem={(title) => <TitleRow title={title} onPick={onPick} />}
        skeletonRows={3}
        empty={
          add
            ? {
                description: '还没有发票抬头',
                action: (
                  <Button color="primary" fill="outline" size="small" onClick={add}>
                    新增抬头
                  </Button>
                ),
              }
            : { description: '还没有保存的发票抬头，请直接填写' }
        }
      />
    </Sheet>
  );
}

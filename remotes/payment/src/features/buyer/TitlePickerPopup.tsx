/** Picks one of the customer's own invoice titles (`title/list`, the default first) to fill the buyer. */
import { callApi } from '@app/host-sdk/api-client';
import type { Title } from '@app/domain/invoice-title';
import { PagedList } from '@app/ui/paged-list';
import type { PagedResult } from '@app/ui/paging';
import { Popup } from '@app/ui/popup';
import './buyer.css';

export interface TitlePickerPopupProps {
  visible: boolean;
  onClose: () => void;
  onPick: (title: Title) => void;
}

function listTitles(page: number): Promise<PagedResult<Title>> {
  return callApi('title/list', { page });
}

function TitleRow({ title, onPick }: { title: Title; onPick: (title: Title) => void }) {
  return (
    <button type="button" className="title-row" onClick={() => onPick(title)}>
      <span className="title-row__main">
        <span className="title-row__name">{title.name}</span>
        <span className="title-row__badge">{title.kind}</span>
        {title.isDefault ? <span className="title-row__badge title-row__badge--default">默认</span> : null}
      </span>
      <span className="title-row__sub">{title.taxNumber ? `税号 ${title.taxNumber}` : '未填写税号'}</span>
    </button>
  );
}

export function TitlePickerPopup({ visible, onClose, onPick }: TitlePickerPopupProps) {
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" destroyOnClose bodyClassName="title-picker">
      <div className="title-picker__frame" role="dialog" aria-label="选择抬头">
        <div className="title-picker__bar">
          <span className="title-picker__title">选择抬头</span>
          <a className="title-picker__close" role="button" onClick={onClose}>
            取消
          </a>
        </div>
        <div className="title-picker__content">
          <PagedList<Title>
            queryKey="titles"
            load={listTitles}
            itemKey={(title) => title.id}
            renderItem={(title) => <TitleRow title={title} onPick={onPick} />}
            skeletonRows={3}
            empty={{ description: '还没有保存的发票抬头，请直接填写' }}
          />
        </div>
      </div>
    </Popup>
  );
}

/** Picks one of the user's invoice titles (`title/list`, the default first) to fill the buyer. */
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { PagedList } from '@app/ui/paged-list';
import { href } from '../../paths';
import { listTitles, type Title } from '../titles/titles-api';
import { PickerPopup } from './PickerPopup';

export interface TitlePickerPopupProps {
  visible: boolean;
  onClose: () => void;
  onPick: (title: Title) => void;
}

function TitleRow({ title, onPick }: { title: Title; onPick: (title: Title) => void }) {
  return (
    <button type="button" className="picker-row" onClick={() => onPick(title)}>
      <span className="picker-row__main">
        <span className="picker-row__name">{title.name}</span>
        <span className="picker-row__badge">{title.kind}</span>
        {title.isDefault ? <span className="picker-row__badge picker-row__badge--default">默认</span> : null}
      </span>
      <span className="picker-row__sub">{title.taxNumber ? `税号 ${title.taxNumber}` : '未填写税号'}</span>
    </button>
  );
}

export function TitlePickerPopup({ visible, onClose, onPick }: TitlePickerPopupProps) {
  const navigate = useNavigate();
  return (
    <PickerPopup visible={visible} title="选择抬头" onClose={onClose}>
      <PagedList<Title>
        queryKey="titles"
        load={listTitles}
        itemKey={(title) => title.id}
        renderItem={(title) => <TitleRow title={title} onPick={onPick} />}
        skeletonRows={3}
        empty={{
          description: '还没有发票抬头',
          action: (
            <Button
              color="primary"
              fill="outline"
              size="small"
              onClick={() => {
                onClose();
                navigate(href('titlesCreate'));
              }}
            >
              新增抬头
            </Button>
          ),
        }}
      />
    </PickerPopup>
  );
}

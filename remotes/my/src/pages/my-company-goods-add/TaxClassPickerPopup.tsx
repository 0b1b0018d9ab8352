/**
 * Picks a tax classification (税收分类编码): a bottom sheet with a search box over the domain's table
 * (`searchTaxClassifications`), each row its short name, full name (when it differs) and 19-digit code.
 */
import { useState } from 'react';
import { searchTaxClassifications } from '@app/domain/tax-classification';
import { SearchBar } from '@app/ui/search-bar';
import { ListRow, ListRowLine } from '@app/widgets/list-row';
import { Sheet } from '@app/widgets/sheet';
import type { ChosenClass } from './goods-form-rules';

const SHOWN = 50;

export interface TaxClassPickerPopupProps {
  visible: boolean;
  onClose: () => void;
  onPick: (chosen: ChosenClass) => void;
}

function Results({ keyword, onPick }: { keyword: string; onPick: (chosen: ChosenClass) => void }) {
  const found = searchTaxClassifications(keyword, SHOWN);
  if (found.length === 0) {
    return <p className="tax-class-picker__empty">没有找到“{keyword}”相关的分类，换个关键词试试</p>;
  }
  return (
    <ul className="tax-class-picker__rows" aria-label="税收分类">
      {found.map((item) => (
        <li key={item.code}>
          <ListRow
            compact
            aria-label={`${item.shortName} ${item.name}`}
            title={item.shortName}
            extra={<span className="tax-class-row__code">{item.code}</span>}
            onClick={() => onPick({ code: item.code, shortName: item.shortName, name: item.name })}
          >
            {item.name !== item.shortName ? <ListRowLine>{item.name}</ListRowLine> : null}
          </ListRow>
        </li>
      ))}
    </ul>
  );
}

export function TaxClassPickerPopup({ visible, onClose, onPick }: TaxClassPickerPopupProps) {
  const [text, setText] = useState('');
  const keyword = text.trim();
  return (
    <Sheet
      visible={visible}
      title="选择税收分类"
      onClose={onClose}
      afterClose={() => setText('')}
      toolbar={<SearchBar placeholder="搜索名称或简称，如 餐饮、咨询" value={text} onChange={setText} onClear={() => setText('')} />}
    >
      {keyword ? null : <p className="tax-class-picker__hint">开票时项目名称显示为 *简称*商品名称。输入关键词查找，或浏览下方分类</p>}
      <Results keyword={keyword} onPick={onPick} />
    </Sheet>
  );
}

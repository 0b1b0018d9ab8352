/**
 * Picks a tax classification (税收分类编码): a bottom sheet with a search box over the domain's table
 * (`searchTaxClassifications`), each row its short name, full name (when it differs) and 19-digit code.
 */
import { useState } from 'react';
import { searchTaxClassifications } from '@app/domain/tax-classification';
import { Popup } from '@app/ui/popup';
import { SearchBar } from '@app/ui/search-bar';
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
    <div className="tax-class-picker__rows" role="list" aria-label="税收分类">
      {found.map((item) => (
        <button
          type="button"
          role="listitem"
          key={item.code}
          className="tax-class-row"
          aria-label={`${item.shortName} ${item.name}`}
          onClick={() => onPick({ code: item.code, shortName: item.shortName, name: item.name })}
        >
          <span className="tax-class-row__head">
            <span className="tax-class-row__short">{item.shortName}</span>
            <span className="tax-class-row__code">{item.code}</span>
          </span>
          {item.name !== item.shortName ? <span className="tax-class-row__name">{item.name}</span> : null}
        </button>
      ))}
    </div>
  );
}

export function TaxClassPickerPopup({ visible, onClose, onPick }: TaxClassPickerPopupProps) {
  const [text, setText] = useState('');
  const keyword = text.trim();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterClose={() => setText('')}
      position="bottom"
      destroyOnClose
      bodyClassName="tax-class-picker"
    >
      <div className="tax-class-picker__frame" role="dialog" aria-label="选择税收分类">
        <div className="tax-class-picker__bar">
          <span className="tax-class-picker__title">选择税收分类</span>
          <a className="tax-class-picker__close" role="button" onClick={onClose}>
            取消
          </a>
        </div>
        <div className="tax-class-picker__search">
          <SearchBar placeholder="搜索名称或简称，如 餐饮、咨询" value={text} onChange={setText} onClear={() => setText('')} />
        </div>
        <div className="tax-class-picker__content">
          {keyword ? null : <p className="tax-class-picker__hint">开票时项目名称显示为 *简称*商品名称。输入关键词查找，或浏览下方分类</p>}
          <Results keyword={keyword} onPick={onPick} />
        </div>
      </div>
    </Popup>
  );
}

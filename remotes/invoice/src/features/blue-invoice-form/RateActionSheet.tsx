/** The sheet a line's rate is chosen from: every VAT rate, 免税 and 不征税. */
import type { LineRate } from '@app/domain/invoice-line';
import { ActionSheet } from '@app/ui/action-sheet';
import { LINE_RATES, rateLabel } from './rate-options';

export interface RateActionSheetProps {
  visible: boolean;
  current: LineRate | null;
  onClose: () => void;
  onPick: (rate: LineRate) => void;
}

export default function RateActionSheet({ visible, current, onClose, onPick }: RateActionSheetProps) {
  return (
    <ActionSheet
      visible={visible}
      extra="选择税率"
      cancelText="取消"
      onClose={onClose}
      actions={LINE_RATES.map((rate) => ({ key: String(rate), text: rateLabel(rate), bold: rate === current }))}
      onAction={(_action, position) => {
        const rate = LINE_RATES[position];
        if (rate !== undefined) onPick(rate);
      }}
    />
  );
}

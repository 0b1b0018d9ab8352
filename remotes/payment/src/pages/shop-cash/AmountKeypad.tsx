/**
 * The cash desk's numeric keypad, fixed to the bottom of the screen: 1–9, 00, 0 and . on the left, ⌫ and the tall pay
 * key on the right (as WeChat's own cash keypads are laid out).
 */
import type { AmountKey } from './amount-keys';

const ROWS: AmountKey[][] = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
  ['00', '0', '.'],
];

export interface AmountKeypadProps {
  onKey: (key: AmountKey) => void;
  payLabel: string;
  payDisabled: boolean;
  paying: boolean;
  onPay: () => void;
}

export function AmountKeypad({ onKey, payLabel, payDisabled, paying, onPay }: AmountKeypadProps) {
  return (
    <fieldset className="amount-keypad" aria-label="金额键盘">
      <div className="amount-keypad__digits">
        {ROWS.flat().map((key) => (
          <button key={key} type="button" className="amount-keypad__key" onClick={() => onKey(key)}>
            {key}
          </button>
        ))}
      </div>
      <div className="amount-keypad__side">
        <button type="button" className="amount-keypad__key amount-keypad__key--delete" aria-label="删除" onClick={() => onKey('delete')}>
          <svg viewBox="0 0 32 24" width="28" height="21" aria-hidden="true">
            <path
              d="M10 2h18a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H10L2 12z M15 8l8 8 M23 8l-8 8"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <button type="button" className="amount-keypad__pay" disabled={payDisabled || paying} aria-busy={paying} onClick={onPay}>
          {paying ? '支付中…' : payLabel}
        </button>
      </div>
    </fieldset>
  );
}

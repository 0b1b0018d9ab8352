/**
 * 部分红冲: each line of the blue invoice with what is left of it and a field for the amount to reverse (含税). The
 * field is checked as it is typed, and shows the negative 金额 and 税额 the line becomes on the red invoice. A
 * discounted line is shown with its discount line as one pair, left as the pair's; it is reversed whole or not at all
 * (a box to tick, its amount fixed), and its discount line is never offered on its own.
 */
import { printedRate, type InvoiceDocument } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { Checkbox } from '@app/ui/checkbox';
import { Input } from '@app/ui/input';
import { redUnits, type RedPlan, type RedUnit } from './red-amounts';

export interface RedLinesInputProps {
  invoice: InvoiceDocument;
  typed: Record<number, string>;
  plan: RedPlan;
  onType(lineNo: number, value: string): void;
}

/** Fen as the field takes it: 1188.00. */
function plainYuan(fen: number): string {
  return formatYuan(fen).replace(/[¥,]/g, '');
}

interface RedLineProps {
  unit: RedUnit;
  typed: string;
  problem?: string;
  red?: RedPlan['lines'][number]['red'];
  onType(value: string): void;
}

/** A line alone: any amount up to what is left, or 全部. */
function AmountField({ unit, typed, problem, onType }: RedLineProps) {
  const fieldId = `red-line-${unit.line.lineNo}`;
  return (
    <div className={`red-line__field${problem ? ' red-line__field--error' : ''}`}>
      <label htmlFor={fieldId}>本次红冲（含税）</label>
      <span className="red-line__currency">¥</span>
      <Input
        id={fieldId}
        inputMode="decimal"
        placeholder="0.00"
        value={typed}
        onChange={onType}
        clearable
        aria-invalid={problem ? true : undefined}
      />
      <button type="button" className="red-line__all" onClick={() => onType(plainYuan(unit.leftFen))}>
        全部
      </button>
    </div>
  );
}

/** A line with its discount: the whole pair, or nothing. */
function WholePairField({ unit, typed, onType }: RedLineProps) {
  return (
    <>
      <div className="red-line__field red-line__field--whole">
        <Checkbox
          id={`red-line-${unit.line.lineNo}`}
          checked={typed !== ''}
          onChange={(checked) => onType(checked ? plainYuan(unit.leftFen) : '')}
        >
          本次红冲（含税）
        </Checkbox>
        <span className="red-line__whole-amount">{formatYuan(unit.leftFen)}</span>
      </div>
      <div className="red-line__whole-note">含折扣，整行红冲</div>
    </>
  );
}

function RedLine(props: RedLineProps) {
  const { unit, problem, red } = props;
  const { line, discount, leftFen } = unit;
  const originalFen = line.grossFen + (discount?.grossFen ?? 0);
  return (
    <section className={`red-line${leftFen <= 0 ? ' red-line--done' : ''}`} aria-label={`第 ${line.lineNo} 行 ${line.itemName}`}>
      <div className="red-line__head">
        <span className="red-line__name">
          <span className="red-line__no">{line.lineNo}</span>
          {line.itemName}
        </span>
        <span className="red-line__rate">{printedRate(line)}</span>
      </div>
      <div className="red-line__amounts">
        <span>
          原价税合计 {formatYuan(originalFen)}
          {discount ? <span className="red-line__discount">（含折扣 {formatYuan(discount.grossFen)}）</span> : null}
        </span>
        <span className="red-line__left">剩余可红冲 {formatYuan(leftFen)}</span>
      </div>
      {leftFen > 0 ? (
        <>
          {discount ? <WholePairField {...props} /> : <AmountField {...props} />}
          {problem ? (
            <div className="red-line__problem" role="alert">
              {problem}
            </div>
          ) : null}
          {red ? (
            <div className="red-line__red">
              红字金额 {formatYuan(red.netFen)}
              <span>税额 {formatYuan(red.taxFen)}</span>
            </div>
          ) : null}
        </>
      ) : (
        <div className="red-line__done-note">本行已全部红冲</div>
      )}
    </section>
  );
}

export function RedLinesInput({ invoice, typed, plan, onType }: RedLinesInputProps) {
  const planned = new Map(plan.lines.map((line) => [line.lineNo, line]));
  return (
    <div className="red-lines">
      {redUnits(invoice).map((unit) => {
        const { lineNo } = unit.line;
        return (
          <RedLine
            key={lineNo}
            unit={unit}
            typed={typed[lineNo] ?? ''}
            problem={plan.problems[lineNo]}
            red={planned.get(lineNo)?.red}
            onType={(value) => onType(lineNo, value)}
          />
        );
      })}
    </div>
  );
}

/**
 * 部分红冲: each line of the blue invoice with what is left of it and a field for the amount to reverse (含税). The
 * field is checked as it is typed, and shows the negative 金额 and 税额 the line becomes on the red invoice.
 */
import { printedRate, type InvoiceDocument, type InvoiceDocumentLine } from '@app/domain/invoice-document';
import { formatYuan } from '@app/domain/money';
import { Input } from '@app/ui/input';
import { leftOfLine, type RedPlan } from './red-amounts';

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

function RedLine({ line, left, typed, problem, red, onType }: { line: InvoiceDocumentLine; left: number; typed: string; problem?: string; red?: RedPlan['lines'][number]['red']; onType(value: string): void }) {
  const fieldId = `red-line-${line.lineNo}`;
  return (
    <section className={`red-line${left <= 0 ? ' red-line--done' : ''}`} aria-label={`第 ${line.lineNo} 行 ${line.itemName}`}>
      <div className="red-line__head">
        <span className="red-line__name">
          <span className="red-line__no">{line.lineNo}</span>
          {line.itemName}
        </span>
        <span className="red-line__rate">{printedRate(line)}</span>
      </div>
      <div className="red-line__amounts">
        <span>原价税合计 {formatYuan(line.grossFen)}</span>
        <span className="red-line__left">剩余可红冲 {formatYuan(left)}</span>
      </div>
      {left > 0 ? (
        <>
          <div className={`red-line__field${problem ? ' red-line__field--error' : ''}`}>
            <label htmlFor={fieldId}>本次红冲（含税）</label>
            <span className="red-line__currency">¥</span>
            <Input id={fieldId} inputMode="decimal" placeholder="0.00" value={typed} onChange={onType} clearable aria-invalid={problem ? true : undefined} />
            <a className="red-line__all" role="button" onClick={() => onType(plainYuan(left))}>
              全部
            </a>
          </div>
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
      {invoice.lines.map((line) => (
        <RedLine
          key={line.lineNo}
          line={line}
          left={leftOfLine(invoice, line.lineNo)}
          typed={typed[line.lineNo] ?? ''}
          problem={plan.problems[line.lineNo]}
          red={planned.get(line.lineNo)?.red}
          onType={(value) => onType(line.lineNo, value)}
        />
      ))}
    </div>
  );
}

/**
 * 导出: the one export sheet of the invoice list, the ticket folder and 收支. The user chooses the range (本月, 上月,
 * a month or a span of days, in China's calendar) and, for invoices, Excel or a ZIP of the PDFs; the list's current
 * filters go with it as they are. Then the export is followed (生成中 with its progress) until the file is made (to
 * download, or in WeChat and Alipay to e-mail or to open from a copied link) or failed (the reason, 重试).
 */
import { useMemo, useState } from 'react';
import type { ExportRequest, ExportSource } from '@app/contract/export';
import { detectInAppBrowser, isInApp } from '@app/host-sdk/in-app-browser';
import { Button } from '@app/ui/button';
import { Selector } from '@app/ui/selector';
import { useExportJob, type ExportBody } from './export-job';
import { initialRange, RangeFields, rangeBody, rangeText, type ExportRange } from './export-range';
import { ExportFailed, ExportProgress, ExportReady } from './export-result';
import styles from './export-sheet.module.css';
import { Note } from './note';
import { Sheet } from './sheet';

/** What is exported, with its list's filters (those of the list call, without paging and month). */
export type ExportTarget =
  | { source: 'invoices'; filters: NonNullable<ExportRequest['invoices']> }
  | { source: 'tickets'; filters: NonNullable<ExportRequest['tickets']> }
  | { source: 'payments'; filters: NonNullable<ExportRequest['payments']> };

export interface ExportSheetProps {
  visible: boolean;
  onClose(): void;
  target: ExportTarget;
  /** The list's filters in words (蓝票, 已开具, “杭州”), shown so the user knows what the file holds. */
  filterWords?: string[];
  /** The month the list shows, where it has one: the range starts there. */
  listMonth?: string | null;
  /** Which browser the page is in; the user agent's unless given. */
  userAgent?: string;
}

const SOURCE_NAMES: Record<ExportSource, string> = { invoices: '发票', tickets: '票夹', payments: '收支' };

const FORMATS = [
  { value: 'xlsx' as const, label: 'Excel 表格' },
  { value: 'zip' as const, label: 'PDF 压缩包' },
];

type Format = ExportBody['format'];

interface ChooseProps {
  target: ExportTarget;
  filterWords: string[] | undefined;
  range: ExportRange;
  onRange(range: ExportRange): void;
  format: Format;
  onFormat(format: Format): void;
  starting: boolean;
  onStart(body: ExportBody): void;
}

function Choose({ target, filterWords, range, onRange, format, onFormat, starting, onStart }: ChooseProps) {
  const span = rangeBody(range, new Date());
  const words = filterWords?.length ? filterWords.join('、') : '无（全部记录）';
  const start = () => {
    if (!span) return;
    onStart({ source: target.source, format, ...span, [target.source]: target.filters } as ExportBody);
  };
  return (
    <div className={styles.body}>
      <RangeFields range={range} onChange={onRange} />
      {target.source === 'invoices' ? (
        <fieldset className={styles.field}>
          <legend className={styles.fieldTitle}>导出格式</legend>
          <Selector<Format> columns={2} options={FORMATS} value={[format]} onChange={(values) => values[0] && onFormat(values[0])} />
        </fieldset>
      ) : null}
      <div className={styles.summary}>
        <Note small>导出范围：{span ? rangeText(span) : '请选择开始和结束日期'}</Note>
        <Note small>筛选条件：{words}</Note>
      </div>
      <Button block color="primary" size="large" loading={starting} disabled={!span || starting} onClick={start}>
        {format === 'zip' ? '生成 PDF 压缩包' : '生成 Excel'}
      </Button>
    </div>
  );
}

/** The sheet's content, unmounted when it closes: a new opening starts from the list's month, and polling stops. */
function ExportFlow({ target, filterWords, listMonth, userAgent }: Omit<ExportSheetProps, 'visible' | 'onClose'>) {
  const exporting = useExportJob();
  const [range, setRange] = useState<ExportRange>(() => initialRange(new Date(), listMonth));
  const [format, setFormat] = useState<Format>('xlsx');
  const [asked, setAsked] = useState<ExportBody | null>(null);
  const inApp = useMemo(() => isInApp(detectInAppBrowser(userAgent ?? navigator.userAgent)), [userAgent]);
  const { job } = exporting;
  if (job === null) {
    const start = (body: ExportBody) => {
      setAsked(body);
      void exporting.start(body);
    };
    return (
      <Choose
        {...{ target, filterWords, range, format, starting: exporting.starting }}
        onRange={setRange}
        onFormat={setFormat}
        onStart={start}
      />
    );
  }
  return (
    <div className={styles.body}>
      {job.state === '生成中' ? <ExportProgress job={job} /> : null}
      {job.state === '已生成' ? (
        <ExportReady job={job} inApp={inApp} onRefreshLink={exporting.refreshLink} onSend={exporting.send} />
      ) : null}
      {job.state === '生成失败' ? (
        <ExportFailed
          job={job}
          retrying={exporting.starting}
          onRetry={() => asked && void exporting.start(asked)}
          onBack={exporting.reset}
        />
      ) : null}
    </div>
  );
}

export function ExportSheet({ visible, onClose, ...flow }: ExportSheetProps) {
  return (
    <Sheet visible={visible} title={`导出${SOURCE_NAMES[flow.target.source]}`} onClose={onClose} height="fit">
      <ExportFlow {...flow} />
    </Sheet>
  );
}

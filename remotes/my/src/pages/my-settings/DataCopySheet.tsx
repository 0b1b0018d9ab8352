/**
 * 获取个人信息副本 (PIPL Art. 45): the person picks JSON or Excel and gets a file of exactly their own data, delivered as
 * exports are (`@app/widgets/export-result`): a download in a browser; in WeChat's or Alipay's in-app browser, which
 * cannot save files, by e-mail (发送中, then 已发送 or 发送失败 with 重试, followed as the export sheet follows its own)
 * or a short-lived link to open in the system browser.
 */
import { useMemo, useState } from 'react';
import type { DataCopyFormat } from '@app/contract/account';
import type { ExportJob } from '@app/contract/export';
import { detectInAppBrowser, isInApp } from '@app/host-sdk/in-app-browser';
import { Button } from '@app/ui/button';
import { Selector } from '@app/ui/selector';
import { useJobPolling } from '@app/widgets/export-job';
import { ExportReady } from '@app/widgets/export-result';
import { Note } from '@app/widgets/note';
import { Sheet } from '@app/widgets/sheet';
import { createDataCopy, getDataCopy, pollDataCopy, sendDataCopy } from './data-copy-api';

const FORMATS = [
  { value: 'json' as const, label: 'JSON 文件' },
  { value: 'xlsx' as const, label: 'Excel 表格' },
];

function DataCopyFlow({ userAgent }: { userAgent: string | undefined }) {
  const [format, setFormat] = useState<DataCopyFormat>('json');
  const [job, setJob] = useState<ExportJob | null>(null);
  const [making, setMaking] = useState(false);
  const inApp = useMemo(() => isInApp(detectInAppBrowser(userAgent ?? navigator.userAgent)), [userAgent]);
  useJobPolling(job, setJob, pollDataCopy);
  const make = async () => {
    setMaking(true);
    setJob(await createDataCopy(format).catch(() => null));
    setMaking(false);
  };
  if (job) {
    const refreshLink = async () => {
      const fresh = await getDataCopy(job.id).catch(() => null);
      if (fresh) setJob(fresh);
    };
    const send = async (email: string) => {
      const sent = await sendDataCopy(job.id, email).catch(() => null);
      if (sent) setJob(sent);
      return sent !== null;
    };
    return (
      <div className="my-settings__copy">
        <ExportReady job={job} inApp={inApp} onRefreshLink={refreshLink} onSend={send} />
      </div>
    );
  }
  return (
    <div className="my-settings__copy">
      <Note small>
        副本包含您的基本信息、授权同意记录、所在企业与角色、发票抬头、领取的出租车行程、开票申请和登录记录，只含您本人的信息。
      </Note>
      <fieldset className="my-settings__formats">
        <legend>文件格式</legend>
        <Selector<DataCopyFormat> columns={2} options={FORMATS} value={[format]} onChange={(values) => values[0] && setFormat(values[0])} />
      </fieldset>
      <Button block color="primary" size="large" loading={making} disabled={making} onClick={() => void make()}>
        生成副本
      </Button>
    </div>
  );
}

export function DataCopySheet({ visible, onClose, userAgent }: { visible: boolean; onClose(): void; userAgent?: string }) {
  return (
    <Sheet visible={visible} title="获取个人信息副本" onClose={onClose} height="fit">
      <DataCopyFlow userAgent={userAgent} />
    </Sheet>
  );
}

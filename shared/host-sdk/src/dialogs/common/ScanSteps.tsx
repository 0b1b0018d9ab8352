/** The numbered steps of scanning a saved QR code with the regional tax app (login and face authentication). */
import { Steps } from '@app/ui/steps';
import './scan-steps.css';

export interface ScanStep {
  title: string;
  description?: string;
}

export function ScanSteps({ steps }: { steps: readonly ScanStep[] }) {
  return (
    <Steps direction="vertical" current={steps.length} className="app-scan-steps">
      {steps.map((step, index) => (
        <Steps.Step
          key={step.title}
          title={step.title}
          description={step.description}
          status="process"
          icon={<span className="app-scan-steps__index">{index + 1}</span>}
        />
      ))}
    </Steps>
  );
}

const SAVE_AND_OPEN: readonly ScanStep[] = [
  { title: '保存二维码图片', description: '长按二维码，选择“保存图片”' },
  { title: '打开地区税务局App', description: '打开企业所在地区的电子税务局App' },
  { title: '点击右上角“+”后点击“扫一扫”' },
  { title: '点击“相册”', description: '在扫一扫页面点击“相册”' },
  { title: '选择刚保存的二维码图片' },
];

export const LOGIN_SCAN_STEPS: readonly ScanStep[] = [
  ...SAVE_AND_OPEN,
  { title: '完成登录', description: '按App提示确认登录，回到本页等待状态刷新' },
];

export const FACE_SCAN_STEPS: readonly ScanStep[] = [
  ...SAVE_AND_OPEN,
  { title: '完成人脸认证', description: '按App提示完成刷脸，回到本页等待状态刷新' },
];

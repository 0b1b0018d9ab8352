/** The face-authentication QR code in a bottom popup, with its hints and the link to the steps. */
import { Popup } from '@app/ui/popup';
import { QrImage } from '../common/QrImage';
import { ScanHints } from '../common/ScanHints';

/** docs/product.md, "Constants": the face QR canvas is 240 px by default. */
export const FACE_QR_SIZE = 240;
const FACE_QR_PADDING = 16;
const HINTS = ['长按二维码保存到手机', '认证后请等待状态刷新'] as const;

export interface FaceQrPopupProps {
  visible: boolean;
  qr: string;
  onClose(): void;
  onHelp(): void;
}

export function FaceQrPopup({ visible, qr, onClose, onHelp }: FaceQrPopupProps) {
  return (
    <Popup visible={visible} onClose={onClose} closeOnMaskClick showCloseButton bodyClassName="face-popup" aria-label="刷脸认证二维码">
      <h3 className="face-popup__title">刷脸认证二维码</h3>
      <QrImage src={qr} alt="刷脸认证二维码" size={FACE_QR_SIZE} padding={FACE_QR_PADDING} maxWidth={FACE_QR_SIZE} />
      <ScanHints caption="请使用电子税务局App扫码完成人脸认证" hints={HINTS} helpText="如何扫码认证？" onHelp={onHelp} />
    </Popup>
  );
}

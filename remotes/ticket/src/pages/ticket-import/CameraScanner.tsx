/**
 * 扫码 with the phone's camera where WeChat's own scanner is not at hand: the rear camera's picture in a sheet, a
 * frame read for a QR code every 300 ms (smaller than a photo: 800 px is plenty for a code held up to the camera)
 * until one is found, then the camera is turned off. A camera that cannot be opened says why.
 */
import { useEffect, useRef, useState } from 'react';
import { Sheet } from '@app/widgets/sheet';
import { Note } from '@app/widgets/note';
import { decodeQrPixels, pixelsOf } from '../../features/qr-decode/decode-qr';
import './camera-scanner.css';

const FRAME_EVERY_MS = 300;
const CAMERA_FAILED = '无法打开摄像头，请允许使用摄像头，或改用图片导入。';
const FRAME_SIDE = 800;

export interface CameraScannerProps {
  visible: boolean;
  onClose(): void;
  onText(text: string): void;
}

function Camera({ onText }: { onText(text: string): void }) {
  const video = useRef<HTMLVideoElement>(null);
  /** Why nothing can be read: the camera cannot be opened, or the QR reader cannot be fetched. */
  const [failed, setFailed] = useState<string | null>(null);
  const latest = useRef(onText);
  latest.current = onText;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    const read = async () => {
      const element = video.current;
      if (stopped || !element) return;
      if (element.videoWidth > 0) {
        const pixels = pixelsOf(element, element.videoWidth, element.videoHeight, FRAME_SIDE);
        let text: string | null;
        try {
          text = pixels ? await decodeQrPixels(pixels.data, pixels.width, pixels.height) : null;
        } catch (error) {
          stop();
          return setFailed(error instanceof Error ? error.message : String(error));
        }
        if (stopped) return;
        if (text !== null) {
          stop();
          latest.current(text);
          return;
        }
      }
      timer = setTimeout(() => void read(), FRAME_EVERY_MS);
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }).then(
      async (opened) => {
        stream = opened;
        if (stopped || !video.current) return stop();
        try {
          video.current.srcObject = opened;
        } catch {
          stop();
          return setFailed(CAMERA_FAILED);
        }
        await video.current.play().catch(() => undefined);
        void read();
      },
      () => !stopped && setFailed(CAMERA_FAILED),
    );
    return stop;
  }, []);

  if (failed) {
    return (
      <Note tone="danger" role="alert" className="camera-scanner__failed">
        {failed}
      </Note>
    );
  }
  return (
    <div className="camera-scanner">
      <div className="camera-scanner__view">
        <video ref={video} className="camera-scanner__video" muted playsInline autoPlay aria-label="摄像头画面" />
        <div className="camera-scanner__frame" aria-hidden="true" />
      </div>
      <Note small className="camera-scanner__hint">
        将发票左上角的二维码放入框内，即可自动识别
      </Note>
    </div>
  );
}

export function CameraScanner({ visible, onClose, onText }: CameraScannerProps) {
  return (
    <Sheet visible={visible} title="扫描发票二维码" onClose={onClose} height="fit">
      {visible ? <Camera onText={onText} /> : null}
    </Sheet>
  );
}

/**
 * A QR poster drawn from drawing items (drawing-items.ts) on a canvas, shown as an `<img>` of its PNG: WeChat and
 * Alipay let the user long-press an image (not a canvas) to save it. 下载图片 saves the same PNG where the browser
 * allows downloads. A skeleton stands in while the content loads or the poster is drawn.
 */
import { useEffect, useState } from 'react';
import { Button } from '@app/ui/button';
import { Skeleton } from '@app/ui/skeleton';
import { Note } from '@app/widgets/note';
import type { PosterSpec } from './drawing-items';
import { renderPoster } from './draw-poster';
import './qr-poster.css';

export interface QrPosterProps {
  /** What to draw; null while the content is still loading. */
  spec: PosterSpec | null;
  /** The image's text alternative, e.g. `1 号收银台收款码`. */
  alt: string;
  /** The downloaded file's name, `.png` included. */
  fileName: string;
  /** Draws the poster (renderPoster by default; tests give another). */
  render?: (spec: PosterSpec) => Promise<string>;
}

type Drawn = { spec: PosterSpec; url: string | null; failed: boolean };

export function QrPoster({ spec, alt, fileName, render = renderPoster }: QrPosterProps) {
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is not read: 重新生成 counts one more, which is the reason to draw again.
  useEffect(() => {
    if (!spec) return;
    let current = true;
    render(spec).then(
      (url) => current && setDrawn({ spec, url, failed: false }),
      () => current && setDrawn({ spec, url: null, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [spec, render, attempt]);

  const shown = drawn && drawn.spec === spec ? drawn : null;
  const ratio = spec ? `${spec.width} / ${spec.height}` : '2 / 3';

  return (
    <section className="qr-poster">
      <div className="qr-poster__frame" style={{ aspectRatio: ratio }}>
        {shown?.url ? (
          <img className="qr-poster__image" src={shown.url} alt={alt} />
        ) : shown?.failed ? (
          <div className="qr-poster__failed" role="alert">
            <span>图片生成失败</span>
            <Button size="small" color="primary" fill="outline" onClick={() => setAttempt((value) => value + 1)}>
              重新生成
            </Button>
          </div>
        ) : (
          <div className="qr-poster__skeleton" role="status" aria-busy="true" aria-label="图片生成中">
            <Skeleton animated className="qr-poster__skeleton-block" />
          </div>
        )}
      </div>
      <Note tone="hint" className="qr-poster__hint">
        长按图片保存到手机
      </Note>
      {shown?.url ? (
        <a className="qr-poster__download" href={shown.url} download={fileName}>
          下载图片
        </a>
      ) : (
        <span className="qr-poster__download qr-poster__download--disabled" aria-disabled="true">
          下载图片
        </span>
      )}
    </section>
  );
}

import { memo, useEffect, useState, type ReactNode } from 'react';
import Lightbox, { IconButton, createIcon, type RenderSlideContainerProps } from 'yet-another-react-lightbox';
import Download from 'yet-another-react-lightbox/plugins/download';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import { useI18n } from '../../lib/i18n/index.ts';

/**
 * The image viewer behind a small interface (open with a source, close by callback), so the rest
 * of the inbox does not know which library draws it. yet-another-react-lightbox gives zoom (buttons,
 * wheel, pinch, double tap) and pan; rotation is ours, in quarter turns. Download shows only when
 * the message carries a download link.
 */
export interface ImageViewerProps {
  src: string | null;
  download?: string | null;
  alt?: string;
  onClose(): void;
}

const RotateLeftIcon = createIcon('RotateLeft', <path d="M7.1 8.5 5.7 7.1A8 8 0 0 0 4.1 11h2a6 6 0 0 1 1-2.5zM6.1 13h-2a8 8 0 0 0 1.6 3.9l1.4-1.4A6 6 0 0 1 6.1 13zm1 5.3A8 8 0 0 0 11 19.9v-2a6 6 0 0 1-2.5-1zM13 4.1V1L8.5 5.5 13 10V6.1a6 6 0 0 1 0 11.8v2A8 8 0 0 0 13 4.1z" />);
const RotateRightIcon = createIcon('RotateRight', <path d="M15.6 5.5 11 1v3.1a8 8 0 0 0 0 15.8v-2a6 6 0 0 1 0-11.8V10zM19.9 11a8 8 0 0 0-1.6-3.9l-1.4 1.4c.5.8.9 1.6 1 2.5zM13 17.9v2a8 8 0 0 0 3.9-1.6l-1.4-1.4c-.8.5-1.6.9-2.5 1zm3.9-2.4 1.4 1.4a8 8 0 0 0 1.6-3.9h-2a6 6 0 0 1-1 2.5z" />);

/** The lightbox's padding around the slide, each side. */
const PADDING = 16;

/**
 * The scale that makes the image, turned a quarter, fit the screen as the unturned one did: a
 * wide photo turned on a phone grows to use the height, a tall one shrinks. Never beyond the
 * image's own pixels (the lightbox does not enlarge past them either).
 */
export function turnedScale(turns: number, natural: { w: number; h: number } | null, view: { w: number; h: number }): number {
  if (turns % 2 === 0 || !natural || natural.w <= 0 || natural.h <= 0) return 1;
  const W = Math.max(1, view.w - 2 * PADDING);
  const H = Math.max(1, view.h - 2 * PADDING);
  const shown = Math.min(1, W / natural.w, H / natural.h);
  const dw = natural.w * shown;
  const dh = natural.h * shown;
  return Math.min(H / dw, W / dh, natural.w / dw);
}

/** The image's own size, read once it is in the browser's cache (the bubble already loaded it). */
function useNaturalSize(src: string | null) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  // Another source forgets the old size at once (adjusted while rendering); the effect reads the new one.
  const [sizedSrc, setSizedSrc] = useState(src);
  if (src !== sizedSrc) {
    setSizedSrc(src);
    setSize(null);
  }
  useEffect(() => {
    if (!src) return;
    const img = new Image();
    img.onload = () => setSize({ w: img.naturalWidth, h: img.naturalHeight });
    img.src = src;
    return () => void (img.onload = null);
  }, [src]);
  return size;
}

export const ImageViewer = memo(function ImageViewer({ src, download, alt: altText, onClose }: ImageViewerProps) {
  const { t } = useI18n();
  const alt = altText ?? t('inbox.image');
  const [turns, setTurns] = useState(0);
  // Another image (or closing) starts unturned: adjusted while rendering, not in an effect.
  const [turnedSrc, setTurnedSrc] = useState(src);
  if (src !== turnedSrc) {
    setTurnedSrc(src);
    setTurns(0);
  }
  const natural = useNaturalSize(src);
  const scale = turnedScale(turns, natural, { w: window.innerWidth, h: window.innerHeight });

  const rotateButton = (dir: -1 | 1, label: string, icon: typeof RotateLeftIcon): ReactNode => (
    <IconButton key={label} label={label as 'Close'} aria-label={label} icon={icon} onClick={() => setTurns((t) => t + dir)} />
  );

  return (
    <Lightbox
      open={src !== null}
      close={onClose}
      slides={src ? [{ src, alt, download: download ? { url: download, filename: '' } : false }] : []}
      plugins={download ? [Zoom, Download] : [Zoom]}
      zoom={{ maxZoomPixelRatio: 4, scrollToZoom: true }}
      carousel={{ finite: true }}
      controller={{ closeOnBackdropClick: true }}
      labels={{ Close: t('inbox.viewerClose'), 'Zoom in': t('inbox.zoomIn'), 'Zoom out': t('inbox.zoomOut'), Download: t('inbox.download') }}
      toolbar={{ buttons: [rotateButton(-1, t('inbox.rotateLeft'), RotateLeftIcon), rotateButton(1, t('inbox.rotateRight'), RotateRightIcon), 'close'] }}
      render={{
        buttonPrev: () => null,
        buttonNext: () => null,
        slideContainer: ({ children }: RenderSlideContainerProps) => (
          <div
            data-testid="viewer-rotation"
            data-turns={((turns % 4) + 4) % 4}
            style={{
              width: '100%',
              height: '100%',
              transform: `rotate(${turns * 90}deg) scale(${scale})`,
              transition: 'transform 0.2s ease-out',
            }}
          >
            {children}
          </div>
        ),
      }}
    />
  );
});

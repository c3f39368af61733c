import { useId, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { browseCopy } from '#lib/copy-browse';
import { Modal } from './Modal';
import styles from './PortfolioViewer.module.css';
import { CloseIcon } from './CloseIcon';

/** A picture of the portfolio: the full picture's address and its alt text (the tile's). */
export interface PortfolioPicture {
  url: string;
  alt: string;
}

interface Props {
  pictures: PortfolioPicture[];
  /** The picture shown first (0-based). */
  start: number;
  onClose: () => void;
}

/**
 * The portfolio viewer: one picture enlarged, with its place (n / total), previous and next (buttons and
 * the arrow keys, wrapping around) and close (✕, Escape, a tap outside); focus goes back to the tile.
 * Not an island: `openPortfolioViewer` mounts it when a tile of `PortfolioGrid.astro` is tapped.
 */
export function PortfolioViewer({ pictures, start, onClose }: Props) {
  const [index, setIndex] = useState(start);
  const titleId = useId();
  const t = browseCopy.photographer;
  const total = pictures.length;
  const current = pictures[index];
  const step = (delta: number) => setIndex((i) => (i + delta + total) % total);
  if (!current) return null;
  return (
    <Modal
      className={styles['viewer']}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') step(-1);
        if (e.key === 'ArrowRight') step(1);
      }}
    >
      <div className={styles['viewerHead']}>
        <h2 id={titleId} className={styles['counter']}>
          <span className="sr-only">{t.viewer} </span>
          {index + 1} / {total}
        </h2>
        <button type="button" className={styles['iconButton']} onClick={onClose} aria-label={t.close}>
          <CloseIcon size={24} />
        </button>
      </div>
      <img className={styles['full']} src={current.url} alt={current.alt} decoding="async" />
      {total > 1 && (
        <div className={styles['nav']}>
          <button type="button" className={styles['iconButton']} onClick={() => step(-1)} aria-label={t.prev}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7l7 7" />
            </svg>
          </button>
          <button type="button" className={styles['iconButton']} onClick={() => step(1)} aria-label={t.next}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7l-7 7" />
            </svg>
          </button>
        </div>
      )}
    </Modal>
  );
}

let root: Root | null = null;

/** Opens the viewer at `start` over the page (one root for the page, emptied on close). */
export function openPortfolioViewer(pictures: PortfolioPicture[], start: number): void {
  if (!root) {
    const host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  }
  const mounted = root;
  mounted.render(<PortfolioViewer pictures={pictures} start={start} onClose={() => mounted.render(null)} />);
}

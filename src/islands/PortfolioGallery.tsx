import { useId, useState } from 'react';
import { browseCopy } from '#lib/copy-browse';
import { pictureAttrs } from '#lib/media-urls';
import { Modal } from './Modal';
import styles from './PortfolioGallery.module.css';

export interface GalleryImage {
  url: string;
  thumbnailUrl: string;
}

interface Props {
  images: GalleryImage[];
  nickname: string;
}

/** A tile's `src`, `srcSet` and `sizes` (React's names). */
function tileAttrs(url: string) {
  const { src, srcset, sizes } = pictureAttrs(url, 'portfolio');
  return { src, srcSet: srcset, sizes };
}

/**
 * The portfolio grid; a tap enlarges a picture in a viewer with previous/next. Each tile is a link to
 * the full picture, so it also works before hydration and without JavaScript.
 */
export function PortfolioGallery({ images, nickname }: Props) {
  const [index, setIndex] = useState<number | null>(null);
  const titleId = useId();
  const close = () => setIndex(null);
  const t = browseCopy.photographer;
  const total = images.length;
  const current = index === null ? null : images[index];
  const step = (delta: number) => setIndex((i) => (i === null ? i : (i + delta + total) % total));
  return (
    <>
      <ul className={styles['grid']}>
        {images.map((image, i) => (
          <li key={image.url}>
            <a
              href={image.url}
              className={styles['tile']}
              aria-label={t.enlarge(i + 1, total)}
              onClick={(e) => {
                e.preventDefault();
                setIndex(i);
              }}
            >
              <img
                {...tileAttrs(image.thumbnailUrl)}
                alt={t.portfolioAlt(nickname, i + 1, total)}
                width={480}
                height={480}
                loading="lazy"
                decoding="async"
              />
            </a>
          </li>
        ))}
      </ul>
      {current && index !== null && (
        <Modal
          className={styles['viewer']}
          aria-labelledby={titleId}
          onClose={close}
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
            <button type="button" className={styles['iconButton']} onClick={close} aria-label={t.close}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </div>
          <img
            className={styles['full']}
            src={current.url}
            alt={t.portfolioAlt(nickname, index + 1, total)}
            decoding="async"
          />
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
      )}
    </>
  );
}

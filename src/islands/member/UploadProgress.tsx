import { memberCopy } from '#lib/copy-member';
import styles from './member-styles';

interface Props {
  phase: 'compressing' | 'uploading';
  progress: number;
  /** What the bar is about, for screen readers. */
  label: string;
}

/** Compression or upload progress: a word, the percentage and a native progress bar. */
export function UploadProgress({ phase, progress, label }: Props) {
  const percent = Math.round(Math.min(1, Math.max(0, progress)) * 100);
  const word = phase === 'compressing' ? memberCopy.images.compressing : memberCopy.images.uploading;
  return (
    <span className={styles['progress']} data-phase={phase}>
      <span>
        {word} {percent}%
      </span>
      <progress max={100} value={percent} aria-label={`${label} ${word}`} />
    </span>
  );
}

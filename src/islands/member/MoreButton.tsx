import { memberCopy } from '#lib/copy-member';

interface Props {
  /** The next page is being read: the button is greyed and says so. */
  loading: boolean;
  onMore: () => void;
  label: string;
  className: string | undefined;
}

/** 더보기 under a paged list. */
export function MoreButton({ loading, onMore, label, className }: Props) {
  return (
    <button type="button" className={className} disabled={loading} onClick={onMore}>
      {loading ? memberCopy.loading : label}
    </button>
  );
}

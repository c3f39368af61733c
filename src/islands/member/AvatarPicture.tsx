import { thumbnailUrlFor } from '#lib/media-urls';

interface Props {
  /** The member's picture; null shows the outlined person. */
  url: string | null | undefined;
  alt: string;
  /** The picture's width and height in px. */
  size: number;
  /** The placeholder's width and height in px. */
  iconSize: number;
}

/** What a round member avatar holds: the picture's thumbnail, or a decorative outlined person. */
export function AvatarPicture({ url, alt, size, iconSize }: Props) {
  if (url) return <img src={thumbnailUrlFor(url)} alt={alt} width={size} height={size} />;
  return (
    <svg viewBox="0 0 24 24" width={iconSize} height={iconSize} aria-hidden="true" focusable="false">
      <path
        d="M12 12a4 4 0 1 0 0-8a4 4 0 0 0 0 8zM4 21c0-4 4-6 8-6s8 2 8 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
    </svg>
  );
}

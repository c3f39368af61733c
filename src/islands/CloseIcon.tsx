interface Props {
  /** Width and height in px; without it the icon takes the size its button's CSS gives it. */
  size?: number;
}

/** The ✕ of close and remove buttons; decorative, the button carries the name. */
export function CloseIcon({ size }: Props) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

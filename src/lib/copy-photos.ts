/**
 * What a photo picker says (an application's 참고 사진, a review's 촬영 사진): every line names its
 * photos the same way, so one noun and the hint make them all.
 */
export function photoPickerCopy(noun: string, hint: (max: number) => string) {
  return {
    photos: noun,
    photosHint: hint,
    photoAlt: (n: number) => `${noun} ${n}`,
    photoRemove: (n: number) => `${noun} ${n} 빼기`,
    photoAdd: '사진 추가',
    photoAddLabel: `${noun} 추가`,
  };
}

export type PhotoPickerCopy = ReturnType<typeof photoPickerCopy>;

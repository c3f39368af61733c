/**
 * Korean copy of reviews (issue 43): the rating on photographer pages and cards, the review list, the
 * form on 내 신청 and the photographer's answer. The rules' messages are `#lib/reviews`'.
 */
import { photoPickerCopy } from './copy-photos';
import { ratingLabel } from './reviews';

export const reviewCopy = {
  /** ★ 4.3 (12) on cards; the screen-reader text says it in words. */
  cardRating: (average: number, count: number) => `${ratingLabel(average)} (${count})`,
  ratingSr: (average: number, count: number) => `별점 ${ratingLabel(average)}점, 후기 ${count}개`,
  completedShoots: (n: number) => `담아봐에서 완료한 촬영 ${n}회`,
  section: '후기',
  sectionCount: (n: number) => `후기 ${n}`,
  none: '아직 후기가 없어요.',
  noneHint: '담아봐에서 촬영을 마친 분만 후기를 남길 수 있어요.',
  verified: '담아봐 촬영 인증',
  all: (n: number) => `후기 ${n}개 전체 보기`,
  allTitle: (nickname: string) => `${nickname} 후기`,
  back: '사진작가 페이지로',
  formerMember: '탈퇴한 회원',
  stars: (n: number) => `별점 ${n}점`,
  eventLine: (title: string) => `‘${title}’ 촬영`,
  photoAlt: (n: number, total: number) => `후기 사진 ${n}/${total}`,
  replyLabel: '작가 답글',
  edited: '수정됨',
  pageOf: (page: number, total: number) => `${page} / ${total}쪽`,
  prev: '이전',
  next: '다음',
  // The photographer's answer (photographer page and inbox).
  reply: {
    open: '답글 쓰기',
    label: '답글',
    placeholder: '후기를 남겨 주신 분께 감사 인사를 전해 보세요.',
    submit: '답글 남기기',
    sending: '남기는 중…',
    cancel: '취소',
    done: '답글을 남겼어요.',
    once: '답글은 한 번만 쓸 수 있어요.',
  },
  // 내 신청: asking for, writing and showing one's review.
  form: {
    ask: '촬영은 어떠셨나요? 후기를 남겨 주세요.',
    askUntil: (date: string) => `${date}까지 쓸 수 있어요.`,
    write: '후기 쓰기',
    edit: '후기 고치기',
    remove: '후기 지우기',
    removeConfirm: '후기를 지울까요? 지운 후기는 다시 쓸 수 없어요.',
    removed: '후기를 지웠어요.',
    title: '후기 쓰기',
    editTitle: '후기 고치기',
    rating: '별점',
    starButton: (n: number) => `${n}점`,
    text: '후기',
    textPlaceholder: '촬영 분위기, 작가님의 진행, 결과물은 어땠나요? (10자 이상)',
    ...photoPickerCopy('촬영 사진', (max: number) => `${max}장까지 올릴 수 있어요. 후기와 함께 모두에게 보여요.`),
    required: '(필수)',
    optional: '(선택)',
    fixAbove: '위의 안내에 맞게 고쳐 주세요.',
    failed: '후기를 올리지 못했어요. 잠시 후 다시 시도해 주세요.',
    submit: '후기 올리기',
    save: '고친 내용 저장',
    sending: '올리는 중…',
    close: '닫기',
    posted: '후기를 올렸어요. 감사합니다!',
    saved: '후기를 고쳤어요.',
    mine: '내 후기',
    hidden: (reason: string) => `운영 정책에 따라 숨겨진 후기예요. 사유: ${reason}`,
    expired: '후기를 쓸 수 있는 기간(촬영 완료 후 30일)이 지났어요.',
    deleted: '지운 후기예요.',
    editableUntil: (date: string) => `${date}까지 고칠 수 있어요.`,
    uploading: '사진을 올리는 중…',
  },
} as const;

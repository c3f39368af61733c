/**
 * Believable Korean demo content: photographers, events, members and saves. Pure data and small
 * deterministic generators; src/server/seed/seed.ts writes it to the database.
 */
import type { PhotographyType, PromotionType, Region } from '#lib/domain';

/** A tiny deterministic PRNG so every seed run produces the same data. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

/** `first`, and with chance `p` a second item of `items` unlike it. */
function withAnother<T>(r: () => number, p: number, first: T, items: readonly T[]): T[] {
  if (r() >= p) return [first];
  const others = items.filter((x) => x !== first);
  return [first, pick(r, others)];
}

export function pickSome<T>(r: () => number, items: readonly T[], min: number, max: number): T[] {
  const n = min + Math.floor(r() * (max - min + 1));
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(r() * pool.length), 1)[0] as T);
  return out;
}

export const SEED_REGIONS: readonly Region[] = [
  { category: '서울', name: '강남구' },
  { category: '서울', name: '마포구' },
  { category: '서울', name: '성동구' },
  { category: '서울', name: '종로구' },
  { category: '서울', name: '용산구' },
  { category: '서울', name: '송파구' },
  { category: '경기', name: '수원' },
  { category: '경기', name: '성남' },
  { category: '경기', name: '고양' },
  { category: '인천', name: '연수구' },
  { category: '부산', name: '해운대구' },
  { category: '부산', name: '수영구' },
  { category: '대구', name: '수성구' },
  { category: '대전', name: '유성구' },
  { category: '광주', name: '서구' },
  { category: '제주', name: '제주시' },
  { category: '제주', name: '서귀포시' },
  { category: '강원', name: '강릉' },
  { category: '전북', name: '전주' },
  { category: '경북', name: '경주' },
];

export interface SeedPhotographer {
  account: string;
  nickname: string;
  gender: 'MALE' | 'FEMALE';
  instagramId: string;
  types: PhotographyType[];
  regions: Region[];
  description: string;
  address: { sido: string; sigungu: string; roadAddress: string; jibunAddress: string } | null;
}

const STUDIO_NAMES = [
  '빛담 스튜디오',
  '한결사진관',
  '모먼트 필름',
  '오늘의 장면',
  '노을빛 스냅',
  '단비 스튜디오',
  '하루 프로필',
  '연남 필름랩',
  '바다결 스냅',
  '소소한 사진관',
  '온기 스튜디오',
  '필름 한 롤',
  '봄날 사진실',
  '서울 스냅클럽',
  '제주 바람스냅',
  '담백한 프로필',
  '그린라이트 스튜디오',
  '작은 창 사진관',
  '유성 포토랩',
  '해운대 선셋스냅',
  '경주 한옥스냅',
  '수성 스튜디오',
  '컨셉하우스',
  '셀프사진관 틈',
  '은하수 스냅',
  '마포 포트레이트',
];

const DESCRIPTIONS = [
  '자연광을 좋아하는 스냅 작가입니다. 편안한 대화 속에서 가장 자연스러운 표정을 담아드려요.',
  '취업·배우 프로필 전문 스튜디오입니다. 헤어·메이크업 제휴샵이 가까워 한 번에 준비하실 수 있어요.',
  '필름 감성의 컨셉 촬영을 합니다. 원하는 분위기를 미리 상담하고 소품까지 함께 준비해요.',
  '바다와 노을을 배경으로 한 커플·우정 스냅을 찍습니다. 날씨가 좋지 않으면 일정을 무료로 바꿔드려요.',
  '증명사진부터 여권사진까지 당일 보정본을 드립니다. 보정은 자연스럽게, 인상은 또렷하게!',
  '리모컨으로 직접 찍는 셀프 사진관입니다. 조명과 배경지를 자유롭게 바꿔가며 즐겨보세요.',
];

/** A studio address in each seeded region, so the district and the road address always agree. */
const ADDRESS_BY_REGION: Record<string, { road: string; jibun: string }> = {
  '서울 강남구': { road: '서울 강남구 테헤란로 152', jibun: '서울 강남구 역삼동 737' },
  '서울 마포구': { road: '서울 마포구 양화로 45', jibun: '서울 마포구 서교동 367-1' },
  '서울 성동구': { road: '서울 성동구 연무장길 47', jibun: '서울 성동구 성수동2가 277-17' },
  '서울 종로구': { road: '서울 종로구 북촌로 31', jibun: '서울 종로구 계동 140-2' },
  '서울 용산구': { road: '서울 용산구 이태원로 177', jibun: '서울 용산구 이태원동 34-16' },
  '서울 송파구': { road: '서울 송파구 올림픽로 300', jibun: '서울 송파구 신천동 29' },
  '경기 수원': { road: '경기 수원시 팔달구 정조로 825', jibun: '경기 수원시 팔달구 남창동 14-1' },
  '경기 성남': { road: '경기 성남시 분당구 판교역로 152', jibun: '경기 성남시 분당구 백현동 532' },
  '경기 고양': { road: '경기 고양시 일산동구 중앙로 1275', jibun: '경기 고양시 일산동구 장항동 868' },
  '인천 연수구': { road: '인천 연수구 센트럴로 160', jibun: '인천 연수구 송도동 24-5' },
  '부산 해운대구': { road: '부산 해운대구 해운대해변로 264', jibun: '부산 해운대구 우동 627' },
  '부산 수영구': { road: '부산 수영구 광안해변로 219', jibun: '부산 수영구 광안동 192-20' },
  '대구 수성구': { road: '대구 수성구 동대구로 364', jibun: '대구 수성구 범어동 180-2' },
  '대전 유성구': { road: '대전 유성구 대학로 99', jibun: '대전 유성구 궁동 220' },
  '광주 서구': { road: '광주 서구 상무중앙로 110', jibun: '광주 서구 치평동 1200' },
  '제주 제주시': { road: '제주특별자치도 제주시 중앙로 217', jibun: '제주특별자치도 제주시 이도이동 1176-8' },
  '제주 서귀포시': { road: '제주특별자치도 서귀포시 중정로 61', jibun: '제주특별자치도 서귀포시 서귀동 275-1' },
  '강원 강릉': { road: '강원특별자치도 강릉시 경강로 2100', jibun: '강원특별자치도 강릉시 교동 1850' },
  '전북 전주': { road: '전북특별자치도 전주시 완산구 팔달로 212', jibun: '전북특별자치도 전주시 완산구 중앙동3가 1' },
  '경북 경주': { road: '경북 경주시 첨성로 140', jibun: '경북 경주시 인왕동 839-1' },
};

const TYPES: readonly PhotographyType[] = ['SNAP', 'PROFILE', 'CONCEPT', 'ID_PHOTO', 'SELF'];

export function seedPhotographers(count: number): SeedPhotographer[] {
  const r = rng(20261122);
  return Array.from({ length: count }, (_, i) => {
    const home = SEED_REGIONS[i % SEED_REGIONS.length] as Region;
    const regions = [
      home,
      ...pickSome(
        r,
        SEED_REGIONS.filter((g) => g !== home),
        0,
        2,
      ),
    ];
    const typeCount = 1 + (i % 3);
    const types = [
      TYPES[i % TYPES.length] as PhotographyType,
      ...pickSome(
        r,
        TYPES.filter((t) => t !== TYPES[i % TYPES.length]),
        typeCount - 1,
        typeCount - 1,
      ),
    ];
    const base = STUDIO_NAMES[i % STUDIO_NAMES.length] as string;
    const nickname = i < STUDIO_NAMES.length ? base : `${base} ${Math.floor(i / STUDIO_NAMES.length) + 1}`;
    const addr = ADDRESS_BY_REGION[`${home.category} ${home.name}`];
    return {
      account: i === 0 ? 'demo-photographer' : `demo-photographer-${i + 1}`,
      nickname,
      gender: i % 3 === 0 ? 'MALE' : 'FEMALE',
      instagramId: `damabwa.studio${i + 1}`,
      types,
      regions,
      description: `${DESCRIPTIONS[i % DESCRIPTIONS.length]}\n\n촬영 문의는 인스타그램 DM 또는 오픈채팅으로 편하게 남겨주세요.`,
      address: addr
        ? { sido: home.category, sigungu: home.name, roadAddress: addr.road, jibunAddress: addr.jibun }
        : null,
    };
  });
}

export interface SeedEvent {
  authorIndex: number;
  promotionType: PromotionType;
  title: string;
  content: string;
  startOffsetDays: number;
  lengthDays: number;
  types: PhotographyType[];
  regions: Region[];
  hashtags: string[];
  imageCount: number;
  isAuthorHidden: boolean;
}

const EVENT_TITLES: Record<PhotographyType, readonly string[]> = {
  SNAP: [
    '한강 야경 커플 스냅',
    '벚꽃 시즌 우정 스냅',
    '바다 노을 스냅 모델 모집',
    '골목 필름 스냅 체험',
    '가을 단풍 가족 스냅',
  ],
  PROFILE: [
    '취업 프로필 무료 촬영',
    '배우 프로필 할인 이벤트',
    '바디프로필 모델 모집',
    '링크드인 프로필 50% 할인',
    '신학기 프로필 촬영',
  ],
  CONCEPT: [
    '빈티지 컨셉 촬영 모델',
    '한복 컨셉 화보 이벤트',
    '시네마틱 컨셉 촬영',
    '생일 컨셉 촬영 할인',
    '레트로 교복 컨셉 촬영',
  ],
  ID_PHOTO: [
    '증명사진 30% 할인',
    '여권사진 당일 보정 이벤트',
    '취준생 증명사진 무료',
    '가족 증명사진 묶음 할인',
    '신분증 사진 리터칭 무료',
  ],
  SELF: [
    '셀프사진관 1+1 이벤트',
    '커플 셀프촬영 무료 체험',
    '반려견 셀프촬영 할인',
    '셀프 흑백 프로필 체험',
    '우정 셀프사진 이벤트',
  ],
};

const HASHTAGS: Record<PhotographyType, readonly string[]> = {
  SNAP: ['야경', '커플스냅', '노을', '필름감성', '우정스냅'],
  PROFILE: ['취업사진', '배우프로필', '바디프로필', '프로필', '자연스러운'],
  CONCEPT: ['컨셉촬영', '한복', '빈티지', '화보', '레트로'],
  ID_PHOTO: ['증명사진', '여권사진', '당일보정', '취준생', '가족사진'],
  SELF: ['셀프사진관', '1+1', '반려동물', '흑백사진', '우정사진'],
};

/** The event the home banner links to (`HOME_BANNER_LINK`, `/event/8`: the eighth event seeded). */
export const BANNER_EVENT_INDEX = 7;
/** Days the banner's event stays open after the day of seeding. */
export const BANNER_EVENT_OPEN_DAYS = 60;
const BANNER_EVENT_STARTED_DAYS_AGO = 3;

export function seedEvents(count: number, photographerCount: number, rngSeed = 8): SeedEvent[] {
  const r = rng(rngSeed);
  return Array.from({ length: count }, (_, i) => {
    const type = TYPES[i % TYPES.length] as PhotographyType;
    const types = withAnother(r, 0.3, type, TYPES);
    const promotionType: PromotionType = i % 2 === 0 ? 'FREE' : 'DISCOUNT';
    // Dates are days from the day of seeding. A spread of progress: about a quarter upcoming, half
    // ongoing (some closing today), a quarter ended; ongoing and upcoming ones run for weeks, so the demo
    // does not close within days of seeding. The home banner's event stays ongoing for two months.
    const phase = i === BANNER_EVENT_INDEX ? 1 : i % 4;
    const startOffsetDays =
      i === BANNER_EVENT_INDEX
        ? -BANNER_EVENT_STARTED_DAYS_AGO
        : phase === 0
          ? 1 + (i % 9)
          : phase === 3
            ? -30 - (i % 20)
            : -(i % 12);
    const lengthDays =
      i === BANNER_EVENT_INDEX
        ? BANNER_EVENT_STARTED_DAYS_AGO + BANNER_EVENT_OPEN_DAYS
        : phase === 3
          ? 5 + (i % 10)
          : i % 7 === 1
            ? -startOffsetDays
            : 21 + (i % 40);
    const title = `${pick(r, EVENT_TITLES[type])}${i >= 25 ? ` ${Math.floor(i / 5)}차` : ''}`.slice(0, 30);
    const region = SEED_REGIONS[(i * 7) % SEED_REGIONS.length] as Region;
    const regions = withAnother(r, 0.35, region, SEED_REGIONS);
    return {
      authorIndex: i % photographerCount,
      promotionType,
      title,
      content: [
        `${promotionType === 'FREE' ? '무료' : '특별 할인가'}로 진행하는 ${title} 이벤트입니다.`,
        '촬영 시간은 약 1시간이며 보정본 5장을 보내드려요.',
        '포트폴리오 활용에 동의해 주시는 분을 우선으로 모십니다.',
        '신청 링크에서 희망 날짜와 연락처를 남겨주세요!',
      ].join('\n'),
      startOffsetDays,
      lengthDays: Math.max(0, lengthDays),
      types,
      regions,
      hashtags: pickSome(r, HASHTAGS[type], 1, 3),
      imageCount: 1 + (i % 3),
      isAuthorHidden: i % 29 === 28,
    };
  });
}

export interface SeedMember {
  account: string;
  nickname: string;
  gender: 'MALE' | 'FEMALE';
  roles: ('USER' | 'ADMIN')[];
}

export const SEED_MEMBERS: readonly SeedMember[] = [
  { account: 'demo-user', nickname: '담아봐유저', gender: 'FEMALE', roles: ['USER'] },
  { account: 'demo-admin', nickname: '운영자', gender: 'MALE', roles: ['ADMIN', 'USER'] },
  ...['하늘', '지우', '민준', '서연', '도윤', '하은', '예준', '지유', '시우', '수아'].map((name, i): SeedMember => ({
    account: `demo-member-${i + 1}`,
    nickname: `${name}${i + 1}`,
    gender: i % 2 ? 'MALE' : 'FEMALE',
    roles: ['USER'],
  })),
];

/**
 * The Korean description of a page's link preview (og:description, KakaoTalk's card text): what the
 * event or photographer is in a few facts, then the start of their own text.
 */
import { excerpt, formatPeriod, regionsLabel, typesLabel } from './display';
import { PROMOTION_TYPE_LABELS, type PhotographyType, type PromotionType, type Region } from './domain';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogImagePathFor } from './media-urls';

const MAX = 150;

function compose(facts: string[], text: string): string {
  const head = facts.filter((f) => f.length > 0).join(' · ');
  const body = text.replace(/\s+/g, ' ').trim();
  if (!body) return head;
  return excerpt(`${head} | ${body}`, MAX);
}

export function eventPreviewDescription(e: {
  promotionType: PromotionType;
  startedAt: string;
  endedAt: string;
  activeRegions: readonly Region[];
  photographyTypes: readonly PhotographyType[];
  content: string;
}): string {
  return compose(
    [
      `${PROMOTION_TYPE_LABELS[e.promotionType]} 촬영 이벤트`,
      typesLabel(e.photographyTypes).replaceAll(' · ', '·'),
      regionsLabel(e.activeRegions),
      formatPeriod(e.startedAt, e.endedAt),
    ],
    e.content,
  );
}

export function photographerPreviewDescription(p: {
  mainPhotographyTypes: readonly PhotographyType[];
  activeRegions: readonly Region[];
  description: string;
}): string {
  const types = typesLabel(p.mainPhotographyTypes).replaceAll(' · ', '·');
  return compose([types ? `${types} 사진작가` : '사진작가', regionsLabel(p.activeRegions)], p.description);
}

export interface PreviewImage {
  /** Absolute or root-relative. */
  url: string;
  width: number | null;
  height: number | null;
}

/** The link preview's picture: this server's 1200×630 cut of the image, or the image itself when it is not ours. */
export function previewImageOf(url: string | undefined): PreviewImage | undefined {
  if (!url) return undefined;
  const og = ogImagePathFor(url);
  return og ? { url: og, width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT } : { url, width: null, height: null };
}

/** The site's own preview picture (public/og-default.png). */
export const DEFAULT_PREVIEW_IMAGE: PreviewImage = {
  url: '/og-default.png',
  width: OG_IMAGE_WIDTH,
  height: OG_IMAGE_HEIGHT,
};

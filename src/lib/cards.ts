/** What the browse cards show: built on the server from list items (thumbnails resolved there). */
import type { PhotographyType, PromotionType, Region } from './domain';

export interface EventCardData {
  id: number;
  title: string;
  promotionType: PromotionType;
  startedAt: string;
  endedAt: string;
  photographyTypes: PhotographyType[];
  activeRegions: Region[];
  saveCount: number;
  /** The list thumbnail of the first picture, or null. */
  thumbnailUrl: string | null;
}

export interface PhotographerCardData {
  id: number;
  nickname: string;
  mainPhotographyTypes: PhotographyType[];
  /** The list thumbnail of the profile picture, or null. */
  thumbnailUrl: string | null;
  /** Their reviews' rating: the card shows ★ average (count) once there is one (issue 43). */
  rating?: { average: number; count: number };
}

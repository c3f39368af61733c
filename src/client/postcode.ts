/**
 * The postcode widget's answer (Daum/Kakao `Postcode` `oncomplete`, or the local stand-in with the same
 * API) turned into the stored address `{sido, sigungu, roadAddress, jibunAddress}`.
 */
import type { Address } from '#lib/domain';

/** The fields of the widget's answer this product reads. */
export interface PostcodeResult {
  sido: string;
  sigungu: string;
  address?: string;
  roadAddress?: string;
  jibunAddress?: string;
  autoRoadAddress?: string;
  autoJibunAddress?: string;
  zonecode?: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * The widget leaves `jibunAddress` (or `roadAddress`) empty when the member picked the other form and
 * fills the `auto…` twin instead; `address` is whichever form was picked.
 */
export function addressFromPostcode(result: PostcodeResult): Address {
  const roadAddress = text(result.roadAddress) || text(result.autoRoadAddress);
  const jibunAddress = text(result.jibunAddress) || text(result.autoJibunAddress);
  return {
    sido: text(result.sido),
    sigungu: text(result.sigungu),
    roadAddress: roadAddress || text(result.address),
    jibunAddress,
  };
}

/** One line for the page: the road address, else the jibun address. */
export function addressLine(address: Address | null): string {
  if (!address) return '';
  return address.roadAddress || address.jibunAddress || [address.sido, address.sigungu].filter(Boolean).join(' ');
}

import { memberCopy } from '#lib/copy-member';
import type { PhotographyType, Region } from '#lib/domain';
import { MAX_PROFILE_REGIONS, MAX_PROFILE_TYPES } from '#lib/member-forms';
import { RegionPicker } from './RegionPicker';
import { TypeChips } from './TypeChips';

interface Props {
  types: readonly PhotographyType[];
  regions: readonly Region[];
  onToggleType: (type: PhotographyType) => void;
  onToggleRegion: (region: Region) => void;
}

/** A photographer profile's shooting types (1–3) and regions (1–5): sign-up and the profile editor. */
export function ProfileChoices({ types, regions, onToggleType, onToggleRegion }: Props) {
  const t = memberCopy.edit;
  return (
    <>
      <TypeChips label={t.types} hint={t.typesHint} selected={types} max={MAX_PROFILE_TYPES} onToggle={onToggleType} />
      <RegionPicker
        label={t.regions}
        hint={t.regionsHint}
        selected={regions}
        max={MAX_PROFILE_REGIONS}
        onToggle={onToggleRegion}
      />
    </>
  );
}

import { PHOTOGRAPHY_TYPES, PHOTOGRAPHY_TYPE_LABELS } from '#lib/domain';
import type { PickLimits, PickToggles, Picks } from '#lib/member-forms';
import { ChoiceLegend } from './ChoiceLegend';
import { RegionPicker } from './RegionPicker';
import styles from './member-styles';

interface Props {
  picks: Readonly<Picks>;
  limits: PickLimits;
  toggles: PickToggles;
  /** The two fields' names and hints. */
  texts: { types: string; typesHint: string; regions: string; regionsHint: string };
}

/**
 * A form's photography types and regions, each up to the form's limit: sign-up and the profile editor
 * (a photographer's profile), the event form. The types are checkboxes; the unchosen ones are disabled
 * once the limit is reached.
 */
export function PickFields({ picks, limits, toggles, texts: t }: Props) {
  const types = picks.photographyTypes;
  const full = types.length >= limits.types;
  return (
    <>
      <fieldset className={styles['field']}>
        <ChoiceLegend label={t.types} hint={t.typesHint} count={types.length} max={limits.types} />
        <div className={styles['chips']}>
          {PHOTOGRAPHY_TYPES.map((type) => {
            const checked = types.includes(type);
            return (
              <label key={type} className={styles['chip']}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => toggles.type(type)}
                />
                <span>{PHOTOGRAPHY_TYPE_LABELS[type]}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <RegionPicker
        label={t.regions}
        hint={t.regionsHint}
        selected={picks.regions}
        max={limits.regions}
        onToggle={toggles.region}
      />
    </>
  );
}

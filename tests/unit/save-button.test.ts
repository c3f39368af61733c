import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SaveToggle } from '#islands/SaveToggle';
import { saveButtonClasses, saveButtonView } from '#lib/save-button';
import { expectedSaveButton, normaliseSaveButton } from '../support/save-button-markup';

describe('saveButtonView', () => {
  it('before the button is live: not saved, disabled, the public count, whatever the store holds', () => {
    const entry = { saved: true, count: 9, pending: true };
    expect(saveButtonView(entry, 4, false)).toEqual({ saved: false, busy: false, disabled: true, count: 4 });
    expect(saveButtonView(undefined, 4, false)).toEqual({ saved: false, busy: false, disabled: true, count: 4 });
  });

  it('live: the store entry, with the rendered count until the store has one', () => {
    expect(saveButtonView({ saved: true, count: 9, pending: true }, 4, true)).toEqual({
      saved: true,
      busy: true,
      disabled: false,
      count: 9,
    });
    expect(saveButtonView({ saved: true, count: null, pending: false }, 4, true)).toEqual({
      saved: true,
      busy: false,
      disabled: false,
      count: 4,
    });
    expect(saveButtonView(undefined, 4, true)).toEqual({ saved: false, busy: false, disabled: false, count: 4 });
  });

  it('never shows a negative count', () => {
    expect(saveButtonView({ saved: false, count: -1, pending: false }, 0, true).count).toBe(0);
    expect(saveButtonView(undefined, -3, false).count).toBe(0);
  });

  it('classes: the base and the variant; the saved look follows aria-pressed', () => {
    expect(saveButtonClasses({ toggle: 't', card: 'c', bar: 'b' }, 'bar')).toBe('t b');
  });
});

describe('SaveToggle before it mounts', () => {
  it.each(['card', 'bar', 'profile'] as const)('renders the same markup as the server button (%s)', (variant) => {
    const html = renderToStaticMarkup(
      createElement(SaveToggle, { kind: 'promotion', id: 3, count: 5, name: '봄 <스냅> "야외"', variant }),
    );
    expect(normaliseSaveButton(html)).toBe(expectedSaveButton('봄 <스냅> "야외"', 5, variant));
  });
});

import { useEffect } from 'react';
import { enhanceSaveButtons } from '#client/save-buttons';

/**
 * Loads `src/client/save-buttons.ts` once per page and enhances every `SaveButton` on it. A page with
 * save buttons renders this once, `client:painted` (after the largest paint); it renders nothing, so
 * its server render costs next to nothing, where an island per button cost a React render, serialised
 * props and a hydration script each (decision 008).
 */
export function SaveButtons(): null {
  useEffect(() => enhanceSaveButtons(), []);
  return null;
}

import { useCallback, useEffect, useState } from 'react';
import { isApiRequestError } from '#client/api';
import { getAccessToken } from '#client/auth';

/** Where a page that reads one answer for a signed-in member stands. */
export type SignedInLoad<T> =
  | { status: 'loading' }
  | { status: 'denied'; message: string }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: T };

interface Texts {
  /** The denied message when nobody is signed in. */
  signedOut: string;
  /** The denied message whatever the reason; without it a 403 shows the API's own message. */
  denied?: string;
  /** The error message when the failure says nothing itself. */
  failed: string;
}

/**
 * Reads a signed-in member's page data on mount and again when `read` or `reloadKey` changes. Signed out,
 * nothing is asked (the API's 401 would sign the visitor out and send them home); a 403 is 'denied',
 * any other failure 'error'. `load` tries again.
 */
export function useSignedInLoad<T>(read: () => Promise<T>, texts: Texts, reloadKey = 0) {
  const [state, setState] = useState<SignedInLoad<T>>({ status: 'loading' });
  const { signedOut, denied, failed } = texts;
  const load = useCallback(async () => {
    if (!getAccessToken()) {
      setState({ status: 'denied', message: denied ?? signedOut });
      return;
    }
    try {
      setState({ status: 'ready', data: await read() });
    } catch (err) {
      if (isApiRequestError(err) && err.status === 403) setState({ status: 'denied', message: denied ?? err.message });
      else setState({ status: 'error', message: isApiRequestError(err) ? err.message : failed });
    }
  }, [read, signedOut, denied, failed]);
  useEffect(() => {
    void load();
  }, [load, reloadKey]);
  return { state, load };
}

/**
 * Shows the one-time push offer (`PushPrompt`) in a container of its own at the end of the page, after
 * a first application or event (`push-moment.ts`); loaded only when the offer is due.
 */
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { PushPrompt } from '#islands/notifications/PushPrompt';

let root: Root | null = null;

export function showPushPrompt(): void {
  if (root) return;
  const host = document.createElement('div');
  host.dataset['pushPrompt'] = '';
  document.body.append(host);
  const r = createRoot(host);
  root = r;
  const onClose = () => {
    r.unmount();
    host.remove();
    root = null;
  };
  r.render(createElement(PushPrompt, { onClose }));
}

/**
 * Which push endpoints a subscription may name. The server POSTs to whatever endpoint a member stored,
 * so an endpoint must be an https address of a known push service (PUSH_SERVICE_HOSTS): never this
 * network's own machines. In demo and test the local stand-in (/dev/push on PUSH_STANDIN_ORIGIN, by default
 * PUBLIC_ORIGIN) is allowed too.
 */
import { getConfig } from '#server/config';

export interface PushEndpointPolicy {
  /** Hosts allowed over https; `*.example.com` matches its subdomains. */
  hosts: readonly string[];
  /** An origin also allowed (the stand-in's), any scheme, for paths under `/dev/push/`; null: none. */
  standInOrigin: string | null;
}

export function pushEndpointPolicy(): PushEndpointPolicy {
  const config = getConfig();
  return {
    hosts: config.push.serviceHosts,
    standInOrigin: config.push.standIn ? config.push.standInOrigin : null,
  };
}

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

/** Whether `endpoint` may be stored and sent to under `policy`. */
export function isAllowedEndpoint(endpoint: string, policy: PushEndpointPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (policy.standInOrigin && url.origin === policy.standInOrigin && url.pathname.startsWith('/dev/push/')) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return policy.hosts.some((p) => hostMatches(host, p));
}

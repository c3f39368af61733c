import type { APIRoute } from 'astro';
import { getConfig } from '#server/config';
import { messagesOf, receivePush } from '#server/push/stand-in';

/** The push stand-in's push endpoint (RFC 8030): what the server sends to one subscription. */
export const POST: APIRoute = async ({ params, request }) => {
  const config = getConfig();
  if (!config.push.standIn) return new Response(null, { status: 404 });
  const body = Buffer.from(await request.arrayBuffer());
  const origin = new URL(config.publicOrigin).origin;
  const answer = await receivePush(params['id'] ?? '', origin, request.headers, body);
  return new Response(answer.message ?? null, {
    status: answer.status,
    headers: answer.status === 201 ? { Location: `/dev/push/${params['id']}/messages/${Date.now()}` } : {},
  });
};

/** What the "phone" received and decrypted, in order: `{messages: [{title, body, link, tag, topic, ...}]}`. */
export const GET: APIRoute = ({ params }) => {
  if (!getConfig().push.standIn) return new Response(null, { status: 404 });
  const messages = messagesOf(params['id'] ?? '');
  if (!messages) return new Response(null, { status: 404 });
  return new Response(JSON.stringify({ messages }), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
};

import type { APIContext, APIRoute } from 'astro';
import { methodNotAllowed } from './errors';
import { errorResponse, toErrorResponse } from './respond';

/** Wraps an endpoint so every throw becomes the error envelope (never HTML, never a stack). */
export function endpoint(fn: (ctx: APIContext) => Promise<Response> | Response): APIRoute {
  return async (ctx) => {
    try {
      return await fn(ctx);
    } catch (err) {
      return toErrorResponse(err, ctx.locals.requestId);
    }
  };
}

/** `export const ALL = notAllowed;` in an endpoint file answers 405 for the methods it does not export. */
export const notAllowed: APIRoute = () => errorResponse(methodNotAllowed());

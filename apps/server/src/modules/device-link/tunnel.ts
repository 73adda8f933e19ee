import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEVICE_LINK_ROUTES, REMOTE_TUNNEL } from '@siteops/contracts/device-link/schemas';
import { rowIdParam } from '@siteops/contracts/shared/pagination';
import { callerOf } from '../../auth/scope.ts';
import { ApiError } from '../../core/errors.ts';
import { requestLang } from '../../http/envelope.ts';
import { t, type Text } from '../../core/messages/index.ts';
import { RpcError, type TunnelRequest } from '../../gateway/index.ts';
import type { DeviceLinkContext } from './context.ts';
import { commandError, loadLinkDevice } from './service.ts';
import { sessionOfTicket } from '../../auth/tickets.ts';

// HEAD comes from Fastify's automatic HEAD route for GET.
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
/** Request headers worth passing to the device page; never the console's cookies or authorization. */
const FORWARD_REQUEST = [
  'accept',
  'accept-language',
  'content-type',
  'user-agent',
  'if-none-match',
  'if-modified-since',
  'range',
];
/** Response headers the device may not set: hop-by-hop, cookies (they would land on our origin), security policy. */
const DROP_RESPONSE = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-authenticate',
  'proxy-connection',
  'te',
  'trailer',
  'content-length',
  'set-cookie',
  'content-security-policy',
  'content-security-policy-report-only',
  'strict-transport-security',
  'x-frame-options',
  'access-control-allow-origin',
  'access-control-allow-credentials',
]);
/**
 * The device page runs sandboxed in an opaque origin: its scripts cannot read the console's storage
 * (the bearer token) nor call the API with the user's credentials. Relative links keep working.
 */
const SANDBOX_CSP =
  "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads; default-src 'self' 'unsafe-inline' data: blob:; frame-ancestors 'self'";

const params = z.object({
  id: rowIdParam(),
  ticket: z.string().min(1).max(1024),
  '*': z.string().optional(),
});

/**
 * A page of its own for a refusal, in the language of the tab's request: a new tab from the console
 * sends the browser's Accept-Language (decision 0011).
 */
function page(request: FastifyRequest, reply: FastifyReply, status: number, titleText: Text, body: Text) {
  const lang = requestLang(request);
  const title = titleText.render(lang);
  const text = body.render(lang);
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>${esc(title)}</title><h1>${esc(title)}</h1><p>${esc(text)}</p>`,
    );
}

/**
 * ANY /api/device/:id/remote/:ticket/* -> `http.request` through the device's link. The ticket is
 * in the path (a new tab cannot send a bearer header; a path keeps relative links of the device page
 * inside the tunnel); the session behind it is checked on EVERY request. Raw bodies (up to 1 MiB).
 */
export async function registerTunnel(app: FastifyInstance, ctx: DeviceLinkContext) {
  await app.register(async (tunnel) => {
    tunnel.removeAllContentTypeParsers();
    tunnel.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: REMOTE_TUNNEL.maxBodyBytes }, (_req, body, done) =>
      done(null, body),
    );
    const handler = async (request: FastifyRequest<{ Params: z.infer<typeof params> }>, reply: FastifyReply) => {
      const { id, ticket: raw } = request.params;
      const ticket = ctx.tickets.verify(raw, 'remote');
      if (!ticket || ticket.deviceId !== id) {
        return page(request, reply, 401, t('remote.linkExpired'), t('remote.openAgain'));
      }
      let caller;
      try {
        caller = callerOf(await sessionOfTicket(ctx.db, ctx.config.session, ticket.sessionId));
      } catch (err) {
        if (err instanceof ApiError) return page(request, reply, 401, t('remote.sessionEnded'), err.text);
        throw err;
      }
      try {
        await loadLinkDevice(ctx.db, caller, id);
      } catch {
        return page(request, reply, 404, t('notFound.default'), t('remote.noDevice'));
      }
      const rest = request.params['*'] ?? '';
      if (request.url.split('?')[0].endsWith(`/remote/${encodeURIComponent(raw)}`)) {
        // Without the trailing slash relative links would resolve outside the tunnel.
        return reply.redirect(`${request.url.split('?')[0]}/`, 302);
      }
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const headers: Record<string, string> = {};
      for (const h of FORWARD_REQUEST) {
        const v = request.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      const req: TunnelRequest = {
        method: request.method as TunnelRequest['method'],
        path: `/${rest}${query}`,
        headers,
        body: Buffer.isBuffer(request.body) ? request.body : undefined,
      };
      let res;
      try {
        res = await ctx.gateway.tunnelRequest(id, req, REMOTE_TUNNEL.timeoutMs);
      } catch (err) {
        if (!(err instanceof RpcError)) throw err;
        const e = commandError(err, id);
        const title = t(e.status === 504 ? 'remote.deviceSilent' : 'remote.deviceUnavailable');
        return page(request, reply, e.status, title, e.text);
      }
      const prefix = request.url.split('?')[0].slice(0, request.url.split('?')[0].length - rest.length);
      for (const [k, v] of Object.entries(res.headers)) {
        const name = k.toLowerCase();
        if (DROP_RESPONSE.has(name)) continue;
        // A redirect to an absolute path on the device stays inside the tunnel.
        reply.header(name, name === 'location' && v.startsWith('/') ? `${prefix}${v.slice(1)}` : v);
      }
      reply.header('content-security-policy', SANDBOX_CSP);
      // The sandboxed page has an opaque origin, so its own images and scripts are cross-origin loads;
      // helmet's same-origin CORP would block them. The ticket in the path is what protects them.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return reply.status(res.status).send(request.method === 'HEAD' ? undefined : res.body);
    };
    const r = tunnel.withTypeProvider<ZodTypeProvider>();
    for (const url of [DEVICE_LINK_ROUTES.remote, `${DEVICE_LINK_ROUTES.remote}/*`]) {
      r.route({
        method: [...METHODS],
        url,
        config: { public: true },
        schema: { hide: true, params },
        handler,
      });
    }
  });
}

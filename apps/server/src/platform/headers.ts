import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers on every reply (@fastify/helmet), set for what the two SPAs need: their
 * scripts, styles and images come from this origin only; antd writes its CSS-in-JS into
 * <style> elements, hence 'unsafe-inline' for styles (never for scripts); images may be
 * data: or blob: URLs (previews of uploads); the customer-service chat connects by WebSocket
 * to this origin. No page may be framed (clickjacking). HSTS and the upgrade of insecure
 * requests only in production, where the site is served over HTTPS.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  opts: { production: boolean },
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

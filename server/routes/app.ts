import { Hono } from 'hono';
import type { Env } from '../lib/context.ts';
import { getSettings } from '../lib/settings.ts';
import { getConnInfo } from '@hono/node-server/conninfo';

export const appRoutes = new Hono<Env>();

/** Where the client should open the socket: this server, as the request reached it (proxies included). */
function wsConfig(requestUrl: string, forwardedProto: string | undefined, key: string) {
  const u = new URL(requestUrl);
  const tls = (forwardedProto ?? u.protocol.replace(':', '')) === 'https';
  const port = u.port ? Number(u.port) : tls ? 443 : 80;
  return { key, host: u.hostname, port, forceTLS: tls, cluster: 'mt1' };
}

/** App settings, open to guests (the shell reads them before sign-in). */
appRoutes.get('/app', (c) => {
  const app = c.get('app');
  const s = getSettings(app.db);
  const { min_recharge_amount: _min, children_cap_running: _cap, ...pub } = s;
  return c.json({
    data: {
      ...pub,
      WsConfig: wsConfig(c.req.url, c.req.header('x-forwarded-proto'), app.config.pusherKey),
    },
  });
});

/**
 * IP-to-country lookup in the shape of a trace endpoint (`loc=XX`). A reference server has no
 * GeoIP database, so the country comes from GEO_COUNTRY (default EG); `?country=` overrides it.
 */
appRoutes.get('/geo', (c) => {
  const override = c.req.query('country');
  const country = override && /^[A-Za-z]{2}$/.test(override) ? override.toUpperCase() : c.get('app').config.geoCountry;
  let ip = '127.0.0.1';
  try {
    ip = getConnInfo(c).remote.address ?? ip;
  } catch {
    /* not on a node socket (tests calling app.fetch directly) */
  }
  return c.text(`ip=${ip}\nloc=${country}\n`);
});

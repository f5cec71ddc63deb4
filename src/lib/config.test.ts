import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfigResponse, parseWindowConfig, prepareScreens, resolveConfig } from './config.ts';

const page = 'https://app.example.com/inbox';

describe('runtime configuration (config.json)', () => {
  it('is the defaults without a file', () => {
    expect(parseConfigResponse(404, 'text/plain', 'Not found')).toEqual({ file: null, problem: null });
    // A static host's single-page fallback is no file either.
    expect(parseConfigResponse(200, 'text/html', '<!doctype html>')).toEqual({ file: null, problem: null });
    // The service worker's answer offline when it has no copy.
    expect(parseConfigResponse(204, '', '')).toEqual({ file: null, problem: null });
    expect(resolveConfig([null], page, '9')).toEqual({
      apiBase: 'https://app.example.com/api', appVersion: '9', paymentSdkUrl: undefined, geoUrl: 'https://app.example.com/api/geo',
      realtime: { authEndpoint: undefined, authHeaders: 'both', eventNames: 'class', overrides: undefined },
    });
  });

  it('names what is wrong with a malformed file', () => {
    expect(parseConfigResponse(200, 'application/json', '{"apiBase": ').problem).toMatch(/^config.json is not valid JSON/);
    const bad = parseConfigResponse(200, 'application/json', JSON.stringify({ eventNames: 'names', realtime: { port: 'x' }, apiBse: '/x' }));
    expect(bad.file).toBeNull();
    expect(bad.problem).toContain('eventNames');
    expect(bad.problem).toContain('realtime.port');
    expect(bad.problem).toContain('apiBse');
    expect(parseConfigResponse(500, 'text/plain', 'oops').problem).toBe('config.json could not be read (HTTP 500)');
  });

  it('resolves URLs: the API against the page, a rooted auth endpoint against the API origin', () => {
    const file = parseConfigResponse(200, 'application/json', JSON.stringify({
      apiBase: 'https://api.example.com/api/', broadcastingAuthEndpoint: '/broadcasting/auth', broadcastingAuthHeaders: 'bearer',
      eventNames: 'alias', paymentSdkUrl: 'https://www.sandbox.paypal.com/sdk/js', realtime: { host: '', cluster: 'eu' }, appVersion: '2.0.0',
    })).file;
    const c = resolveConfig([file], page, '1');
    expect(c.apiBase).toBe('https://api.example.com/api');
    expect(c.realtime).toEqual({ authEndpoint: 'https://api.example.com/broadcasting/auth', authHeaders: 'bearer', eventNames: 'alias', overrides: { host: '', cluster: 'eu' } });
    expect(c.paymentSdkUrl).toBe('https://www.sandbox.paypal.com/sdk/js');
    expect(c.appVersion).toBe('2.0.0');
    expect(resolveConfig([{ apiBase: '/backend/api', broadcastingAuthEndpoint: 'broadcasting/auth' }], page, '1').realtime.authEndpoint).toBe('https://app.example.com/backend/api/broadcasting/auth');
  });

  it('lets window.__APP_CONFIG__ win key by key, and reports both sources', async () => {
    const fetchFile = (async () => new Response(JSON.stringify({ apiBase: 'https://a.example/api', realtime: { host: 'ws.a.example', port: 6001 } }), { headers: { 'content-type': 'application/json' } })) as typeof fetch;
    const r = await loadConfig({ fetch: fetchFile, pageUrl: page, windowConfig: { apiBase: 'https://b.example/api', realtime: { port: 443 }, engine: 'dedicated' }, buildVersion: '1' });
    expect(r.problems).toEqual([]);
    expect(r.config.apiBase).toBe('https://b.example/api');
    expect(r.config.realtime.overrides).toEqual({ host: 'ws.a.example', port: 443 });
    // The page's own keys are read at once (engineMode, prepareScreens), not resolved with the file's.
    const own = await loadConfig({ fetch: fetchFile, pageUrl: page, windowConfig: { prepareScreens: false }, buildVersion: '1' });
    expect(own.problems).toEqual([]);
    expect(own.config).toEqual(resolveConfig([{ apiBase: 'https://a.example/api', realtime: { host: 'ws.a.example', port: 6001 } }], page, '1'));
    expect(parseWindowConfig({ prepareScreens: 'no' }).problem).toMatch(/^window.__APP_CONFIG__ is not valid: prepareScreens/);
    const bad = await loadConfig({ fetch: fetchFile, pageUrl: page, windowConfig: { engine: 'x' }, buildVersion: '1' });
    expect(bad.problems[0]).toMatch(/^window.__APP_CONFIG__ is not valid: engine/);
    expect(bad.config.apiBase).toBe('https://a.example/api');
  });

  it('prepares the other screens unless the page says prepareScreens: false', () => {
    const w = globalThis as { window?: { __APP_CONFIG__?: unknown } };
    const had = w.window;
    try {
      w.window = {};
      expect(prepareScreens()).toBe(true);
      w.window = { __APP_CONFIG__: { prepareScreens: false } };
      expect(prepareScreens()).toBe(false);
      // Not valid: reported by loadConfig, and the default here.
      w.window = { __APP_CONFIG__: { prepareScreens: 'no' } };
      expect(prepareScreens()).toBe(true);
    } finally {
      w.window = had;
    }
  });

  it('starts with the defaults when the file cannot be fetched (offline, no copy kept)', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const r = await loadConfig({ fetch: offline, pageUrl: page, buildVersion: '1' });
    expect(r).toEqual({ config: resolveConfig([null], page, '1'), problems: [] });
  });
});

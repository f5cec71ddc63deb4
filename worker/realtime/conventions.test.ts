import { describe, expect, it } from 'vitest';
import { channelAuth, eventListenName, mergeWsConfig, socketOptions } from './conventions.ts';

const ws = { key: 'k', host: 'api.example.com', port: 443, forceTLS: true, cluster: 'mt1' };

describe('broadcasting conventions', () => {
  it('sends the token as api_token and as a bearer header by default, or either alone', () => {
    const both = channelAuth({ endpoint: 'https://api.example.com/broadcasting/auth', token: 't 1', appVersion: '1.2.3' });
    expect(both.endpoint).toBe('https://api.example.com/broadcasting/auth?api_token=t+1');
    expect(both.headers).toMatchObject({ Authorization: 'Bearer t 1', 'X-Platform': 'web', 'X-App-Version': '1.2.3' });
    const bearer = channelAuth({ endpoint: 'https://api.example.com/broadcasting/auth', token: 't', mode: 'bearer', appVersion: '1' });
    expect(bearer.endpoint).toBe('https://api.example.com/broadcasting/auth');
    expect(bearer.headers.Authorization).toBe('Bearer t');
    const query = channelAuth({ endpoint: 'https://api.example.com/broadcasting/auth?x=1', token: 't', mode: 'query', appVersion: '1' });
    expect(query.endpoint).toBe('https://api.example.com/broadcasting/auth?x=1&api_token=t');
    expect(query.headers).toEqual({});
  });

  it('listens to class names as they are and to broadcastAs names with the leading dot', () => {
    expect(eventListenName('InboxUpdated', undefined)).toBe('InboxUpdated');
    expect(eventListenName('InboxUpdated', 'class')).toBe('InboxUpdated');
    expect(eventListenName('InboxUpdated', 'alias')).toBe('.InboxUpdated');
  });

  it("uses the provider's cluster host when the host is empty and a cluster is given", () => {
    const hosted = socketOptions({ ...ws, host: '', cluster: 'eu', port: 0 }, 'app.example.com');
    expect(hosted).toEqual({ key: 'k', cluster: 'eu', forceTLS: true });
    expect(hosted.wsHost).toBeUndefined(); // pusher-js then connects to ws-eu.pusher.com
    expect(socketOptions({ ...ws, host: '', cluster: '' }, 'app.example.com')).toMatchObject({ wsHost: 'app.example.com', wsPort: 443, wssPort: 443 });
    expect(socketOptions(ws, 'x')).toMatchObject({ wsHost: 'api.example.com', wsPort: 443 });
    expect(socketOptions({ ...ws, path: 'ws/' }, 'x').wsPath).toBe('/ws');
  });

  it("applies config.json's overrides over the backend's WsConfig", () => {
    expect(mergeWsConfig(ws, { host: '', cluster: 'ap2', path: '/ws', port: undefined })).toEqual({ ...ws, host: '', cluster: 'ap2', path: '/ws' });
    expect(mergeWsConfig(undefined, undefined)).toBeUndefined();
    expect(mergeWsConfig(undefined, { key: 'pk', cluster: 'eu', host: '' })).toMatchObject({ key: 'pk', cluster: 'eu', host: '' });
  });
});

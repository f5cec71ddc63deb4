import { useEffect, useState } from 'react';
import { parseCountry } from '../lib/geo.ts';
import { useShellCore } from './session-context.tsx';
import { getEngine } from '../lib/engine/connect.ts';
import { appConfig } from '../lib/config.ts';

const KEY = 'geo-country';
let inflight: Promise<string | null> | null = null;

/**
 * The detected country, asked once per browser session and only for guests (spec section 7: on
 * load when not authenticated). Null while unknown or when the lookup fails. `signedIn` asks for a
 * signed-in user too: a parent's New Account form defaults to the country registration would.
 */
export function useCountry({ signedIn = false }: { signedIn?: boolean } = {}): string | null {
  const { session, ready } = useShellCore();
  const engine = getEngine();
  const [country, setCountry] = useState<string | null>(() => sessionStorage.getItem(KEY));
  const guest = session.status === 'guest' || signedIn;
  useEffect(() => {
    if (country || !guest || !ready) return;
    // config.json's `geoUrl` (default the backend's `<apiBase>/geo`), asked through the engine as a
    // third party's service. No answer (a 404, a service that is down) is no country: the bar does
    // without Teachers Sign In, quietly.
    inflight ??= appConfig().then(({ config }) => engine.call<string>({ method: 'GET', path: config.geoUrl, thirdParty: true })).then((r) => {
      const c = r.ok ? parseCountry(r.data) : null;
      if (c) sessionStorage.setItem(KEY, c);
      else inflight = null;
      return c;
    });
    let live = true;
    void inflight.then((c) => live && setCountry(c));
    return () => {
      live = false;
    };
  }, [country, guest, ready, engine]);
  return country;
}

import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { EngineBridge } from './app/engine-bridge.tsx';
import { UiProviders } from './app/providers.tsx';
import { getSystem } from './app/theme.ts';
import { ensureTemporal } from './lib/temporal.ts';
import { startI18n } from './lib/i18n/index.ts';
import { getEngine } from './lib/engine/connect.ts';
import { preloadOnIntent, preloadRoute } from './app/preload.ts';
import { appContainer, copyOnScreen } from './app/prerender.ts';

/** The sign-in page's static copy is on screen (src/app/prerender.ts): read once, it does not change. */
const withCopy = copyOnScreen();

const render = () => {
  const root = createRoot(appContainer());
  const app = (
    <StrictMode>
      <UiProviders>
        <EngineBridge>
          <App />
        </EngineBridge>
      </UiProviders>
    </StrictMode>
  );
  // With the sign-in page's static copy on screen (src/app/prerender.ts), the first render is not
  // urgent: as a transition React yields to the browser every few milliseconds, so typing into the
  // copy is not blocked by it.
  if (withCopy) startTransition(() => root.render(app));
  else root.render(app);
};
// Chakra's system is built in a task of its own when the sign-in page's copy is on screen (below);
// otherwise here, first, as when it was built while the modules were evaluated (built after the
// engine's start instead, a desktop warm reload reached the dashboard about 60 ms later).
if (!withCopy) getSystem();
// Before React mounts: start the engine (the worker boots while React renders), fetch the code of
// the screen being opened and read its tables (they would otherwise wait for its first render).
const engine = getEngine();
const signedIn = () => engine.getState().session.status === 'signed-in';
// Temporal is native in Chromium; elsewhere its polyfill is fetched before the first render, and so
// is the Arabic catalogue when Arabic is the language (src/lib/i18n).
const waits = [ensureTemporal(), startI18n()].filter((w) => w !== null);
const preload = () => {
  void preloadRoute(location.pathname, signedIn());
  preloadOnIntent(signedIn);
};
const start = () => (waits.length ? void Promise.all(waits).then(render) : render());
if (withCopy) {
  // The sign-in page's static copy is on screen and takes keys. The modules' evaluation (the
  // router, the catalogue, the schemas) is one long task, about 950 ms on a phone's CPU before.
  // The screen's preload (route matching and Vite's preload links, about 70 ms at ×4), Chakra's
  // system (about 150 ms) and the first render each start in a task of their own, so a key pressed
  // into the copy is handled between them. Without the copy (a signed-in start) nothing is on
  // screen until the first render, so it starts at once, as before.
  const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  void (async () => {
    await nextTask();
    preload();
    await nextTask();
    getSystem();
    await nextTask();
    start();
  })();
} else {
  preload();
  start();
}

// The service worker (precache, safe updates: src/lib/sw-update.ts), in production builds only.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void import('./lib/sw-update.ts').then((m) => m.registerServiceWorker());
}

import { useSyncExternalStore } from 'react';
import { getEngine } from './engine/connect.ts';
import { whenSettled } from './settled.ts';

/**
 * The service worker's registration and the app's side of a safe update (public/sw.js).
 *
 * A new build's worker installs (precaches the new files) and then waits: the tabs keep running
 * the build they loaded, with that build's SharedWorker. The app says "A new version is
 * available"; Reload asks the waiting worker to take over, but only once the engine has no
 * change left to send (`pendingMutations`, which is the same in every tab: one engine), so code is
 * never swapped under unsent work. When the new worker takes control, every tab of the old build
 * reloads (again once nothing is pending), so the old SharedWorker loses its last tab and stops
 * before the new build's SharedWorker (its URL is hashed per build) runs alone against the mirror.
 */
export type UpdatePhase = 'none' | 'available' | 'waiting-to-send' | 'reloading';

let phase: UpdatePhase = 'none';
let registration: ServiceWorkerRegistration | null = null;
const listeners = new Set<() => void>();

function setPhase(p: UpdatePhase) {
  if (p === phase) return;
  phase = p;
  for (const l of listeners) l();
}

const subscribe = (cb: () => void) => {
  listeners.add(cb);
  return () => listeners.delete(cb);
};
const getPhase = () => phase;

/** What the update banner shows. */
export function useUpdatePhase(): UpdatePhase {
  return useSyncExternalStore(subscribe, getPhase, getPhase);
}

const pending = () => getEngine().getState().status?.pendingMutations ?? 0;

/** Runs `fn` once the engine has nothing left to send (at once when it has nothing now). */
function whenNothingPending(fn: () => void): void {
  const engine = getEngine();
  if (pending() === 0) return fn();
  const stop = engine.subscribeState(() => {
    if (pending() !== 0) return;
    stop();
    fn();
  });
}

function watchInstalling(reg: ServiceWorkerRegistration) {
  const w = reg.installing;
  if (!w) return;
  w.addEventListener('statechange', () => {
    // Installed while an older worker controls this page: a new build is ready and waiting.
    if (w.state === 'installed' && navigator.serviceWorker.controller && phase === 'none') setPhase('available');
  });
}

/** Reload onto the new build: asks the waiting worker to take over once nothing is left to send. */
export function applyUpdate(): void {
  if (phase === 'reloading') return;
  setPhase(pending() > 0 ? 'waiting-to-send' : 'reloading');
  whenNothingPending(() => {
    setPhase('reloading');
    const waiting = registration?.waiting;
    if (waiting) askToTakeOver(waiting, () => window.location.reload());
    else window.location.reload(); // no worker to wait for (already active elsewhere): just load it
  });
}

/** How often a waiting worker that has not begun to take over is asked again. */
export const TAKE_OVER_ASK_EVERY = 2000;
/** How long the page waits for the new build before it reloads anyway. */
export const TAKE_OVER_GIVE_UP = 30_000;

/**
 * Asks the waiting worker to take over (`SKIP_WAITING`: it calls `skipWaiting()`), and again every
 * 2 s while it is still only installed. Chromium activates it only once the old worker has no event
 * under way, and an event reaching the old worker as it hands over parks the activation: the new
 * worker stays waiting (w3c/ServiceWorker#1295). The engines' requests right after the last change
 * was sent are such events: a tab showed "Reloading" for good, the new worker still installed 30 s
 * later (offline-app.e2e.ts, once in a run of the whole suite). Once it takes over, the controller
 * changes and the page reloads (`registerServiceWorker`). Replaced by a newer worker, or still not
 * there after 30 s, the page reloads by itself: never "Reloading" for ever. Returns a stop.
 */
export function askToTakeOver(waiting: ServiceWorker, reload: () => void): () => void {
  const ask = () => waiting.postMessage({ type: 'SKIP_WAITING' });
  ask();
  const started = Date.now();
  const timer = setInterval(() => {
    if (waiting.state !== 'redundant' && Date.now() - started < TAKE_OVER_GIVE_UP) {
      if (waiting.state === 'installed') ask();
      return;
    }
    clearInterval(timer);
    reload();
  }, TAKE_OVER_ASK_EVERY);
  return () => clearInterval(timer);
}

/** Asks the server whether a new build exists (the browser also checks on every navigation). */
export function checkForUpdate(): Promise<void> {
  return registration ? registration.update().then(() => undefined, () => undefined) : Promise.resolve();
}

const CHECK_EVERY = 30 * 60_000;

/** Registers `/sw.js` (production builds only) and follows its updates. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  // The first install takes control of an uncontrolled page: nothing to reload then.
  let controlled = !!sw.controller;
  sw.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    // Another build took over (this tab's Reload or another tab's): follow it, unsent work first.
    if (phase !== 'reloading') setPhase('waiting-to-send');
    whenNothingPending(() => {
      setPhase('reloading');
      window.location.reload();
    });
  });
  const register = () => {
    sw.register('/sw.js', { updateViaCache: 'none' }).then(
      (reg: ServiceWorkerRegistration | undefined) => {
        // Some embedders resolve without a registration when they keep workers off (Playwright's
        // `serviceWorkers: 'block'`): no offline start then, as when registering fails.
        if (!reg) return;
        registration = reg;
        if (reg.waiting && sw.controller) setPhase('available');
        watchInstalling(reg);
        reg.addEventListener('updatefound', () => watchInstalling(reg));
        let last = Date.now();
        const check = () => {
          if (Date.now() - last < 60_000) return;
          last = Date.now();
          void checkForUpdate();
        };
        setInterval(() => void checkForUpdate(), CHECK_EVERY);
        document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
        window.addEventListener('online', check);
      },
      () => {
        /* no offline start; the app works online as before */
      },
    );
  };
  // A page the worker already controls registers after its own loads: that only follows updates.
  // The first install precaches the whole build (about 3 MB) and waits until the first screen has
  // settled (a few seconds after the page's loads, when idle): registered at `load`, it competed
  // with the first screen's data and render (a cold load reached the dashboard with its data about
  // 0.3 s later on a desktop; on a slow network its requests queued behind the precache).
  const settled = () => void (sw.controller ? register() : whenSettled(register));
  if (document.readyState === 'complete') settled();
  else window.addEventListener('load', settled, { once: true });
}

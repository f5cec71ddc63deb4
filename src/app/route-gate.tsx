import { Suspense, useLayoutEffect, useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { peekAfterAuth, setAfterAuth, takeAfterAuth } from './after-auth.ts';
import { guard, hrefOf } from './guard.ts';
import { PAGES } from './pages.ts';
import { RouteDataProvider } from './route-data.tsx';
import { setBaseTitle } from '../lib/attention.ts';
import { documentTitle, type RouteDef } from './route-meta.ts';
import { useI18n } from '../lib/i18n/index.ts';
import { routeTitle } from './route-title.ts';
import { roleOf, useShellCore } from './session-context.tsx';
import { usePreviousQuery } from './previous-query.tsx';
import { PrerenderEnd } from './prerender.ts';

/** Applies the guard to one route and renders its lazily loaded screen, or the redirect. */
export function RouteGate({ def }: { def: RouteDef }) {
  const { ready, session, settings } = useShellCore();
  const location = useLocation();
  const params = useParams();
  const previous = usePreviousQuery();
  const signedIn = session.status === 'signed-in';
  const user = signedIn ? session.user : null;
  // A session stored on this device is guarded at once (the engine confirms it a moment later and
  // the guard runs again); with none, the guest pages wait for the engine's answer.
  const result = ready || signedIn
    ? guard(
        { name: def.name, path: location.pathname, meta: def.meta, query: new URLSearchParams(location.search) },
        {
          token: signedIn ? session.token : null,
          role: roleOf(user),
          mustConfirm: !!user && !user.email_verified_at && !!settings?.email_verification,
        },
        previous,
      )
    : null;

  const { locale } = useI18n();
  const title = result?.kind === 'not-found' ? routeTitle('not-found') : def.meta.title && routeTitle(def.name);
  // Only once the guard has answered: before that the page may turn out to be another one (a
  // redirect, or not-found for the wrong role), and its title must not flash in the tab.
  const kind = result?.kind;
  // In the commit that shows the screen (a kept screen shown again runs it too), not a frame later.
  useLayoutEffect(() => {
    if (kind && kind !== 'redirect') setBaseTitle(documentTitle(title));
    // The title in the language on view: a switch renames the tab at once.
  }, [kind, title, locale]);
  // A guest sent to sign in from a page that needs it comes back to that page, query and all (not
  // after signing out on purpose: the next sign-in starts at home).
  const leftOnPurpose = session.status === 'guest' && session.reason === 'signed-out';
  const askedFor = kind === 'redirect' && def.meta.requiresAuth && !signedIn && !leftOnPurpose ? `${location.pathname}${location.search}` : null;
  useLayoutEffect(() => {
    if (askedFor) setAfterAuth(askedFor);
  }, [askedFor]);

  // Leaving a guest-only page after signing in: the flow may have asked for another page. It is
  // forgotten once the user has arrived on any page of the app, whatever the guard said there
  // (shown, redirected, or not found for this role: a teacher sent to sign in from /wallet): kept
  // longer, it would hijack a later redirect (opening /login while signed in would land on /wallet).
  // The guest-only page that hands over may render again meanwhile, and keeps pointing at it.
  const afterAuth = result?.kind === 'redirect' && result.path === '/home' && def.meta.guestOnly ? peekAfterAuth() : null;
  const arrived = !!kind && signedIn && !def.meta.guestOnly && peekAfterAuth() !== null;
  useLayoutEffect(() => {
    if (arrived) takeAfterAuth();
  }, [arrived]);

  const Page = result?.kind === 'not-found' ? PAGES['not-found'] : PAGES[def.name];
  // The same element while the screen is the same: the gate renders again each time the session,
  // the settings or the engine's readiness change (several times while the app starts), and a new
  // element would render the whole screen again with it; the screen reads what it needs itself.
  const screen = useMemo(
    () => (
      <Suspense fallback={<PageSpinner />}>
        <Page />
        <PrerenderEnd />
      </Suspense>
    ),
    [Page],
  );

  if (!result) return <PageSpinner />;
  if (result.kind === 'redirect') {
    const to = afterAuth ?? result.path;
    return <Navigate to={hrefOf(to, to === result.path ? result.query : new URLSearchParams())} replace />;
  }
  const resources = result.kind === 'allow' && user && def.refresh ? def.refresh({ params, user }) : NOTHING;
  return <RouteDataProvider resources={resources}>{screen}</RouteDataProvider>;
}

const NOTHING: never[] = [];

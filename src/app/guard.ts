import type { RouteMeta } from './route-meta.ts';

/**
 * The route guard of shell spec section 2.2, as a pure function of the target route, the session
 * and the queries. The router applies its answer; the tests call it directly.
 */
export interface GuardSession {
  /** A stored session token marks a signed-in user. */
  token: string | null;
  role: 'student' | 'teacher' | null;
  /** The user's email is unconfirmed and the app setting email_verification is on. */
  mustConfirm?: boolean;
}

export interface GuardTarget {
  name: string;
  path: string;
  meta: RouteMeta;
  query: URLSearchParams;
}

export type GuardResult =
  | { kind: 'allow' }
  | { kind: 'redirect'; path: string; query: URLSearchParams }
  /** A user of the wrong role: the not-found page is shown in place. */
  | { kind: 'not-found' };

const allow: GuardResult = { kind: 'allow' };
const redirect = (path: string, query: URLSearchParams): GuardResult => ({ kind: 'redirect', path, query });

export function guard(to: GuardTarget, session: GuardSession, fromQuery?: URLSearchParams | null): GuardResult {
  // The referral parameter follows the user from page to page until it is used (registration).
  const referral = fromQuery?.get('referral');
  if (referral && !to.query.has('referral')) {
    const q = new URLSearchParams(to.query);
    q.set('referral', referral);
    return redirect(to.path, q);
  }
  const signedIn = !!session.token;
  if (to.meta.requiresAuth && !signedIn) return redirect('/', to.query);
  if (to.meta.guestOnly && signedIn) return redirect('/home', new URLSearchParams());
  // The welcome page only forwards to sign-in (keeping the query, and so the referral).
  if (to.name === 'welcome') return redirect('/login', to.query);
  if (signedIn && to.meta.studentOnly && session.role !== 'student') return { kind: 'not-found' };
  if (signedIn && to.meta.teacherOnly && session.role !== 'teacher') return { kind: 'not-found' };
  if (signedIn && session.mustConfirm && to.meta.requiresAuth && to.name !== 'confirm') {
    return redirect('/confirm', new URLSearchParams());
  }
  return allow;
}

/** `path?query` for a redirect answer. */
export function hrefOf(path: string, query: URLSearchParams): string {
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

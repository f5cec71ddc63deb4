import { describe, expect, it } from 'vitest';
import { guard, hrefOf, type GuardSession } from '../../../src/app/guard.ts';
import { ROUTES, routeByName, type RouteName } from '../../../src/app/route-meta.ts';

const guestS: GuardSession = { token: null, role: null };
const studentS: GuardSession = { token: 't', role: 'student' };
const teacherS: GuardSession = { token: 't', role: 'teacher' };

function to(name: RouteName, query = '') {
  const r = routeByName(name);
  return { name, path: r.path, meta: r.meta, query: new URLSearchParams(query) };
}
const href = (r: ReturnType<typeof guard>) => (r.kind === 'redirect' ? hrefOf(r.path, r.query) : r.kind);

describe('guard', () => {
  it('carries the referral query along when the next route lacks it', () => {
    expect(href(guard(to('register'), guestS, new URLSearchParams('referral=abc')))).toBe('/register?referral=abc');
    expect(href(guard(to('register', 'referral=new'), guestS, new URLSearchParams('referral=abc')))).toBe('allow');
    expect(href(guard(to('help', 'x=1'), studentS, new URLSearchParams('referral=r')))).toBe('/help?x=1&referral=r');
  });

  it('sends guests from login-required routes to welcome keeping the query', () => {
    expect(href(guard(to('home', 'a=1&referral=z'), guestS))).toBe('/?a=1&referral=z');
    expect(href(guard(to('wallet', 'borrow=1'), guestS))).toBe('/?borrow=1');
    expect(href(guard(to('salary-report'), guestS))).toBe('/');
    expect(href(guard(to('confirm'), guestS))).toBe('/');
  });

  it('welcome redirects to login at once, keeping the query', () => {
    expect(href(guard(to('welcome', 'referral=q'), guestS))).toBe('/login?referral=q');
  });

  it('sends signed-in users from guest-only routes home', () => {
    for (const n of ['welcome', 'login', 'login-teachers', 'register', 'reset-password'] as const) {
      expect(href(guard(to(n), studentS))).toBe('/home');
    }
  });

  it('enforces studentOnly and teacherOnly with the not-found page', () => {
    for (const n of ['courses', 'course', 'my-courses', 'wallet', 'referral', 'childs', 'transactions-history'] as const) {
      expect(guard(to(n), teacherS).kind).toBe('not-found');
      expect(guard(to(n), studentS).kind).toBe('allow');
    }
    for (const n of ['coming-classes', 'classes-history', 'teacher-schedule', 'salary-report', 'previous-salary'] as const) {
      expect(guard(to(n), studentS).kind).toBe('not-found');
      expect(guard(to(n), teacherS).kind).toBe('allow');
    }
  });

  it('lets open routes pass for everyone', () => {
    for (const s of [guestS, studentS, teacherS]) {
      expect(guard(to('help'), s).kind).toBe('allow');
      expect(guard(to('class-reports'), s).kind).toBe('allow');
      expect(guard(to('not-found'), s).kind).toBe('allow');
    }
  });

  it('forces unconfirmed users to the confirm page when verification is on', () => {
    const s = { ...studentS, mustConfirm: true };
    expect(href(guard(to('home'), s))).toBe('/confirm');
    expect(guard(to('confirm'), s).kind).toBe('allow');
    expect(guard(to('help'), s).kind).toBe('allow');
  });
});

describe('route table', () => {
  it('has every row of the spec with unique names and paths', () => {
    expect(ROUTES).toHaveLength(26);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(routeByName('teacher-schedule').path).toBe('/my-schedule');
    expect(routeByName('childs').meta.title).toBe('My Children');
    expect(routeByName('welcome').meta).toMatchObject({ footer: true, whiteBackground: true, guestOnly: true });
  });
});

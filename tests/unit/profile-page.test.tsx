// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MirrorTableName, Resource } from '../../db/engine-api.ts';
import type { Child, Class, Enrollment, User } from '../../db/entities.ts';
import { ShellProvider, type ShellValue } from '../../src/app/session-context.tsx';
import { RouteDataProvider } from '../../src/app/route-data.tsx';
import { routeByName } from '../../src/app/route-meta.ts';
import { getSystem } from '../../src/app/theme.ts';
import type { MirrorSource, Sink } from '../../src/lib/engine/source.ts';
import { setMirrorSource } from '../../src/lib/engine/tables.ts';
import { installEngine, type EngineClient } from '../../src/lib/engine/connect.ts';
import ProfilePage from '../../src/features/profile/profile-page.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} };
window.matchMedia ??= ((q: string) => ({ matches: false, media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as never;

/**
 * The mirror, faked at its one seam: the source the collections read their tables from. Tables
 * stay unread (the collections not ready) until `feed` answers, as on a device still opening
 * IndexedDB; each `feed` replaces every table's rows, as a sign-in does.
 */
const sinks: { table: MirrorTableName; sink: Sink }[] = [];
let tables: Partial<Record<MirrorTableName, object[]>> | null = null;
setMirrorSource({
  attach(table: MirrorTableName, sink: Sink) {
    const a = { table, sink };
    sinks.push(a);
    if (tables) sink.reset((tables[table] ?? []) as never);
    return () => void sinks.splice(sinks.indexOf(a), 1);
  },
} as unknown as MirrorSource);
function feed(next: Partial<Record<MirrorTableName, object[]>>) {
  tables = next;
  act(() => {
    for (const { table, sink } of sinks) sink.reset((next[table] ?? []) as never);
  });
}

const me = (over: Partial<User> & Record<string, unknown> = {}): User =>
  ({
    id: 1, name: 'Yusuf Rahman', email: 'student@example.com', avatar: null, groupId: 0, credits: 12.5, loan_credits: 0, can_borrow: false,
    max_borrow_amount: 0, timezone: 'Europe/London', notifications: [], notifications_count: 0, unread_inbox_count: 0,
    email_verified_at: '2026-01-01T00:00:00.000Z', my_courses: 2, referral_link: null, is_parent: false, ...over,
  }) as User;

const teacher = { id: 9, name: 'أمينة حسن', avatar: null };
const enrollment = (over: Partial<Enrollment> = {}): Enrollment => ({
  id: 70, status: 'joined', admin_comment: null, class_duration: 60, weekly_classes: 2, start_day: '2026-01-03', comment: null,
  preferred_days: [6], schedule: [], hourly_price: null, finish_requested: false, created_at: '2026-01-01T00:00:00.000Z',
  course: { id: 3, name: 'Quran Recitation', image_url: null, category_name: 'Quran' }, student: { id: 1, name: 'Yusuf Rahman', avatar: null },
  teacher, ...over,
});

let host: HTMLDivElement;
let root: Root;
let refreshed: Resource[];
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  refreshed = [];
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

/** What the route gate does for the screen: the route table's refresh, run by its provider. */
function WithRouteData({ user, children }: { user: User; children: ReactNode }) {
  const params = useParams();
  return <RouteDataProvider resources={routeByName('profile').refresh!({ params, user })}>{children}</RouteDataProvider>;
}

async function open(path: string, user: User = me()) {
  installEngine({
    refresh: async (r: Resource) => {
      refreshed.push(r);
      return { ok: true, data: null };
    },
  } as unknown as EngineClient);
  const value: ShellValue = { ready: true, session: { status: 'signed-in', token: 't', user }, settings: null, status: null, notifications: [] };
  await act(async () =>
    root.render(
      <ChakraProvider value={getSystem()}>
        <ShellProvider value={value}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/profile/:id" element={<WithRouteData user={user}><ProfilePage /></WithRouteData>} />
            </Routes>
          </MemoryRouter>
        </ShellProvider>
      </ChakraProvider>,
    ),
  );
}

const h1s = () => [...host.querySelectorAll('h1')].map((h) => h.textContent);
const hrefs = () => [...host.querySelectorAll('a')].map((a) => a.getAttribute('href'));
const spinner = () => host.querySelector('[role="status"]');

// Runs first: the collections become ready at the first feed and stay so for the file.
describe('while the mirror is still being read', () => {
  it('shows the page spinner, then the person', async () => {
    await open('/profile/9');
    expect(spinner()?.getAttribute('aria-label')).toBe('Loading profile');
    expect(host.textContent).not.toContain('Profile not found');
    feed({ enrollments: [enrollment()] });
    await act(async () => {});
    expect(spinner()).toBeNull();
    expect(h1s()).toEqual([teacher.name]);
  });
});

describe('my own profile', () => {
  it('shows the account fields, the wallet and Settings', async () => {
    feed({});
    await open('/profile/1', me({ full_phone: '+447700900123', gender: 'male', date_of_birth: '1990-06-02', email_verified_at: null }));
    expect(h1s()).toEqual(['Yusuf Rahman']);
    const text = host.textContent!;
    for (const s of ['Student', 'student@example.com', 'Unconfirmed', '+447700900123', 'Male', '1990-06-02', 'Europe/London', '$12.50']) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain('Verified');
    expect(hrefs()).toEqual(expect.arrayContaining(['/settings', '/wallet', '/confirm']));
    expect(host.querySelector('h1')?.getAttribute('dir')).toBe('auto');
    // The parts are regions named by their headings.
    const regions = [...host.querySelectorAll('section[aria-labelledby]')].map((s) => document.getElementById(s.getAttribute('aria-labelledby')!)?.textContent);
    expect(regions).toEqual(['Account details', 'Wallet']);
    // Nothing about another person is asked for.
    expect(refreshed).toEqual([]);
  });

  it('says Parent account for a parent, and a teacher sees no wallet', async () => {
    feed({});
    await open('/profile/1', me({ is_parent: true }));
    expect(host.textContent).toContain('Parent account');
    expect(host.textContent).toContain('Verified');
    await open('/profile/1', me({ groupId: 1 }));
    expect(host.textContent).toContain('Teacher');
    expect(hrefs()).not.toContain('/wallet');
    expect(host.textContent).not.toContain('$12.50');
  });
});

describe("another person's profile", () => {
  it('a teacher met through an enrolment: who they are to me and the course we share, with its status', async () => {
    feed({ enrollments: [enrollment()] });
    await open('/profile/9');
    expect(h1s()).toEqual([teacher.name]);
    expect(host.textContent).toContain('Your teacher');
    const list = host.querySelector('[aria-label^="Courses shared with"]')!;
    expect(list.textContent).toContain('Quran Recitation');
    expect(list.textContent).toContain('Enrolled');
    expect(hrefs()).toContain('/courses/3');
    expect(refreshed).toContain('my-enrollments');
  });

  it('a student a teacher knows only from a class: the course without a status', async () => {
    const cls = { id: 5, enrollment: { id: 70, course: { id: 3, name: 'Quran Recitation', image_url: null }, student: { id: 4, name: 'Omar', avatar: null }, teacher: { id: 1, name: 'Me', avatar: null } } };
    feed({ classes: [cls as unknown as Class] });
    await open('/profile/4', me({ groupId: 1 }));
    expect(h1s()).toEqual(['Omar']);
    expect(host.textContent).toContain('Your student');
    expect(host.textContent).toContain('Quran Recitation');
    expect(host.textContent).not.toContain('Enrolled');
    // A teacher has no course page to open.
    expect(hrefs()).not.toContain('/courses/3');
  });

  it('my child: their balance and a way to My Family', async () => {
    const child: Child = { id: 5, name: 'Maryam', email: 'maryam@example.com', avatar: null, credits: 1.5, loan_credits: 0 };
    feed({ children: [child] });
    await open('/profile/5', me({ is_parent: true }));
    expect(h1s()).toEqual(['Maryam']);
    expect(host.textContent).toContain('Your child');
    expect(host.querySelector('[data-testid="child-profile-balance"]')?.textContent).toBe('$1.50');
    expect(hrefs()).toContain('/childs');
    expect(refreshed).toEqual(expect.arrayContaining(['my-enrollments', 'children']));
  });
});

describe('not found', () => {
  it('a person the mirror does not know, once it has been read and refreshed', async () => {
    feed({ enrollments: [enrollment()] });
    await open('/profile/404');
    expect(spinner()).toBeNull();
    expect(h1s()).toEqual(['Profile not found']);
    expect(hrefs()).toContain('/home');
  });

  it('an id that is not a number', async () => {
    feed({ enrollments: [enrollment()] });
    for (const bad of ['abc', '9x', '-9', '0']) {
      await open(`/profile/${bad}`);
      expect(h1s()).toEqual(['Profile not found']);
      expect(hrefs()).toContain('/home');
    }
  });
});

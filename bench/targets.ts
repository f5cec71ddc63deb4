/**
 * The targets the benchmark's rows are held to: issue 12's table, issue 14's two sync figures and
 * issue 27's phone profile.
 * A row names its target by key (`Row.target`); the table prints the target's text and whether the
 * row met it, and the JSON carries both. Rows without a target print '–'.
 */
import type { Row } from './lib.ts';

export interface Target {
  /** As printed in the table's target column. */
  text: string;
  source: string;
  /** Whether the row's figures meet it (a row with no samples does not). */
  met(r: Row): boolean;
}

const num = (x: number | undefined) => typeof x === 'number' && Number.isFinite(x);
const p95AtMost = (limit: number) => (r: Row) => num(r.p95) && r.p95! <= limit;
const valueAtMost = (limit: number) => (r: Row) => typeof r.value === 'number' && Number.isFinite(r.value) && r.value <= limit;

export const TARGETS = {
  warmNavigation: {
    text: 'p50 ≤ 16, p95 ≤ 33 ms', source: 'issue 12: warm navigation, every screen',
    met: (r) => num(r.p50) && num(r.p95) && r.p50! <= 16 && r.p95! <= 33,
  },
  networkBoundRatio: {
    text: '≥ 10× warm p50', source: 'issue 12: local-first vs fetch-per-screen at a 150 ms round trip',
    met: (r) => num(r.ratio) && r.ratio! >= 10,
  },
  crossTabWrite: { text: 'p95 ≤ 33 ms', source: 'issue 12: cross-tab write → rendered in the other tab', met: p95AtMost(33) },
  monthView: { text: 'p95 ≤ 100 ms', source: "issue 12: teacher's densest month view", met: p95AtMost(100) },
  olderPage: { text: 'p95 ≤ 16 ms', source: 'issue 12: older page of messages, already there when reached', met: p95AtMost(16) },
  jsSignedIn: { text: '≤ 250 KB', source: 'issue 12: JS for the first screen, signed in (gzip)', met: valueAtMost(250) },
  jsGuest: { text: '≤ 150 KB', source: 'issue 12: JS for the first screen, guest (gzip)', met: valueAtMost(150) },
  coldLoad: { text: 'p95 ≤ 1000 ms', source: 'issue 12: cold load → dashboard with data', met: p95AtMost(1000) },
  warmReload: { text: 'p95 ≤ 500 ms', source: 'issue 12: warm reload → dashboard from the mirror', met: p95AtMost(500) },
  pollingTeacher: { text: '≤ 1 MB/h', source: 'issue 12: idle polling, teacher on the calendar', met: valueAtMost(1) },
  pollingStudent: { text: '≤ 0.5 MB/h', source: 'issue 12: idle polling, student on the dashboard', met: valueAtMost(0.5) },
  moneyAcrossTabs: { text: 'p95 ≤ 100 ms', source: 'issue 14: another tab shows a money change after the reply', met: p95AtMost(100) },
  phoneLoginVisible: { text: 'p95 ≤ 1500 ms', source: 'issue 27: phone profile, open /login → e-mail field visible', met: p95AtMost(1500) },
  phoneCls: { text: 'p95 ≤ 0.02', source: 'issue 27: phone profile, layout shift of the sign-in page (CLS)', met: p95AtMost(0.02) },
  phoneTbt: { text: 'p95 ≤ 200 ms', source: 'issue 27: phone profile, total blocking time of the sign-in page', met: p95AtMost(200) },
  phoneFirstVisit: { text: 'p95 ≤ 100 ms', source: 'issue 27: phone profile, first visit of a screen after a reload (data in the mirror)', met: p95AtMost(100) },
  realtimeMessage: { text: 'p95 ≤ 1000 ms', source: "inbox: a message from the other party appears in the open conversation within a second (the socket, no polling)", met: p95AtMost(1000) },
  twoSided: { text: 'p95 ≤ 1000 ms', source: "issue 14: the other party's open screen shows the change after the action", met: p95AtMost(1000) },
} satisfies Record<string, Target>;

export type TargetKey = keyof typeof TARGETS;

/** The target's text and whether it is met, or nulls for a row without a target. */
export function judge(r: Row): { target: string | null; met: boolean | null } {
  if (!r.target) return { target: null, met: null };
  const t: Target = TARGETS[r.target];
  return { target: t.text, met: t.met(r) };
}

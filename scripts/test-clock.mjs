#!/usr/bin/env node
// `npm run test:clock -- [moment...] [-- <command>]`: runs the tests (by default `npm test`) with the
// machine's clock, for the test processes and every browser they start, set to an awkward moment
// (libfaketime: `apt-get install faketime`). The clock starts there and runs on. Moments:
//   midnight  tonight 23:56 in Europe/London (the demo student's timezone): a day ends mid-run
//   friday    the coming Friday 23:50 in Africa/Cairo (the demo teacher's): the Saturday week starts mid-run
//   dst       the next day Europe/London changes its offset, 00:45 UTC: the change comes mid-run
//   monthend  this month's last day 23:56 in Europe/London: the month changes mid-run for the student,
//             and is already the next one for the teacher in Cairo (the salary report and its previous
//             month, the month views, this month's and last month's delays)
// With no moment, all three, one after the other. Exits 1 when any run failed.
//   e.g. TEST_ONLY=unit npm run test:clock -- friday
//        npm run test:clock -- dst -- npx vitest run --config vitest.e2e.config.ts tests/e2e/classes.e2e.ts
import { spawnSync } from 'node:child_process';
import { Temporal } from 'temporal-polyfill';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const command = dash >= 0 ? args.slice(dash + 1) : ['npm', 'test'];
const names = (dash >= 0 ? args.slice(0, dash) : args);

const now = Temporal.Now.zonedDateTimeISO('UTC');
const MOMENTS = {
  midnight: () => now.withTimeZone('Europe/London').with({ hour: 23, minute: 56, second: 0, millisecond: 0 }),
  friday: () => {
    const cairo = now.withTimeZone('Africa/Cairo');
    const days = (5 - cairo.dayOfWeek + 7) % 7 || 7;
    return cairo.add({ days }).with({ hour: 23, minute: 50, second: 0, millisecond: 0 });
  },
  monthend: () => {
    const london = now.withTimeZone('Europe/London');
    return london.with({ day: london.daysInMonth, hour: 23, minute: 56, second: 0, millisecond: 0 });
  },
  dst: () => {
    // The first day whose UTC offset in London differs from the day before's.
    let day = now.withTimeZone('Europe/London').with({ hour: 12, minute: 0, second: 0, millisecond: 0 });
    for (let i = 0; i < 400; i++) {
      const next = day.add({ days: 1 });
      if (next.offset !== day.offset) return next.withTimeZone('UTC').with({ hour: 0, minute: 45, second: 0, millisecond: 0 });
      day = next;
    }
    throw new Error('no offset change in London within 400 days');
  },
};

const chosen = names.length ? names : Object.keys(MOMENTS);
for (const n of chosen) {
  if (!MOMENTS[n]) {
    console.error(`unknown moment "${n}": one of ${Object.keys(MOMENTS).join(', ')}`);
    process.exit(2);
  }
}
if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error) {
  console.error('faketime is missing: apt-get install -y faketime');
  process.exit(2);
}

const results = [];
for (const n of chosen) {
  const at = MOMENTS[n]();
  // faketime reads the moment in the process's timezone: given in UTC.
  const utc = at.withTimeZone('UTC').toPlainDateTime().toString({ smallestUnit: 'second' }).replace('T', ' ');
  console.log(`\n=== ${n}: the clock starts at ${at.toString({ smallestUnit: 'minute', timeZoneName: 'auto' })} (${utc} UTC) ===`);
  // FAKETIME_DONT_RESET: without it every process started later (each browser, each renderer, the
  // benchmark's child) starts again at the moment, so their clocks fell behind the server's by the
  // time the run had taken (15 minutes late in a run: no class was "in 9 minutes" for the page).
  const r = spawnSync('faketime', ['-f', `@${utc}`, ...command], { stdio: 'inherit', env: { ...process.env, TZ: 'UTC', FAKETIME_DONT_RESET: '1' } });
  results.push({ n, utc, ok: r.status === 0 });
}
console.log(`\n${results.map((r) => `${r.n} (${r.utc} UTC): ${r.ok ? 'passed' : 'FAILED'}`).join('\n')}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);

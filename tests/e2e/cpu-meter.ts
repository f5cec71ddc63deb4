import fs from 'node:fs';

/**
 * The CPU seconds used by this process and every process under it (the browsers it launched, their
 * renderers and workers), from `/proc` (Linux). On this 2-core machine the browser tests and the
 * benchmark are bound by CPU, so their CPU seconds, not their wall time, say what they cost.
 *
 * Chromium's renderers are forked by its zygote, which does not wait for them, so their time never
 * reaches this process's own counters: the processes under this one are read every half second and
 * each one's latest figure is kept (a process that ends between two reads loses at most that).
 * Null where there is no `/proc`.
 */
export interface CpuMeter {
  /** CPU seconds since the meter started. */
  seconds(): number;
  stop(): number;
}

const TICKS_PER_SECOND = 100;
const READ_EVERY_MS = 500;

interface Stat { ppid: number; seconds: number }

/** /proc/<pid>/stat: the parent, and the process's own user and system time (fields 4, 14 and 15). */
function statOf(pid: number | 'self'): Stat | null {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), seconds: (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** The CPU seconds of each process under this one now. */
function descendants(): Map<number, number> {
  const stats = new Map<number, Stat>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const st = statOf(Number(name));
    if (st) stats.set(Number(name), st);
  }
  const mine = new Map<number, number>();
  const isMine = (pid: number) => pid === process.pid || mine.has(pid);
  // Parents are listed before or after their children: repeat until no new descendant is found.
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, st] of stats) {
      if (!isMine(pid) && isMine(st.ppid)) {
        mine.set(pid, st.seconds);
        grew = true;
      }
    }
  }
  return mine;
}

export function startCpuMeter(): CpuMeter | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const self0 = statOf('self')!.seconds;
  // What processes already there had used is not counted (another file's, in a reused worker).
  const before = descendants();
  const seen = new Map(before);
  const read = () => {
    for (const [pid, s] of descendants()) seen.set(pid, Math.max(seen.get(pid) ?? 0, s));
  };
  const timer = setInterval(read, READ_EVERY_MS);
  timer.unref();
  const seconds = () => {
    read();
    let children = 0;
    for (const [pid, s] of seen) children += s - (before.get(pid) ?? 0);
    return statOf('self')!.seconds - self0 + children;
  };
  return {
    seconds,
    stop() {
      clearInterval(timer);
      return seconds();
    },
  };
}

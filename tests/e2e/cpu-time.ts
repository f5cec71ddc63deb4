import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startCpuMeter, type CpuMeter } from './cpu-meter.ts';

/**
 * Each browser test file's CPU seconds (its process, the reference server in it, and the browsers
 * it launched: tests/e2e/cpu-meter.ts). With `TEST_CPU_DIR` set (scripts/test.mjs sets it) the
 * figure is written there, for the list printed above the totals.
 */
let meter: CpuMeter | null = null;
beforeAll(() => {
  if (process.env.TEST_CPU_DIR) meter = startCpuMeter();
});
afterAll(() => {
  const file = expect.getState().testPath;
  if (!meter || !file) return;
  const seconds = meter.stop();
  fs.writeFileSync(path.join(process.env.TEST_CPU_DIR!, `${path.basename(file)}.json`), JSON.stringify({ file, seconds }));
});

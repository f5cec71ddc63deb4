import { afterAll } from 'vitest';
import { closeTestBrowser } from './harness.ts';

// The headless shell a file's tests share (harness.ts, `launchBrowser`) is closed after them. A setup
// file, not the harness itself: the benchmark imports the harness outside of Vitest.
afterAll(closeTestBrowser);

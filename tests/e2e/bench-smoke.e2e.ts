import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * The benchmark's smoke run (`npm run bench -- --quick --smoke`): every section runs to its end
 * against the e2e run's build. It proves the benchmark still works, not its figures. As a browser
 * test file of its own it runs beside the other files instead of after all of them.
 */
it('the benchmark runs every section to the end (--quick --smoke)', async ({ signal }) => {
  const root = process.cwd();
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['bench/run.ts', '--quick', '--smoke'], {
      cwd: root,
      // The build global-setup made (E2E_DIST), not a build of its own.
      env: { ...process.env, E2E_SKIP_BUILD: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own, stopped whole below.
      detached: true,
    });
    // A timeout or a cancelled run stops the benchmark (Playwright closes its browsers on SIGTERM).
    // Left running, a timed-out run's benchmark and its browsers kept a core busy long after.
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
    };
    signal.addEventListener('abort', stop, { once: true });
    const keep = (chunk: Buffer) => output.push(chunk.toString());
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (c) => {
      signal.removeEventListener('abort', stop);
      resolve(c);
    });
  });
  const log = output.join('');
  // The sections' times, for the run's log; the whole output when it failed.
  console.log(log.split('\n').filter((l) => l.startsWith('[bench]') || l.startsWith('(')).join('\n'));
  expect(code, log.slice(-4000)).toBe(0);
  expect(log).not.toMatch(/FAILED/);
}, 600_000);

import { it } from 'vitest';
import { startApp, launchBrowser, signIn } from './harness.ts';
import { startCpuMeter } from './cpu-meter.ts';

it('idle cpu', async () => {
  const app = await startApp();
  const b = await launchBrowser({ viewport: { width: 1280, height: 800 } });
  const page = await b.newPage();
  await signIn(page, app.url, 'student@example.com', { timeout: 15000 });
  for (const path of ['/home', '/calendar', '/inbox', '/account/wallet']) {
    await page.evaluate((p) => { history.pushState(null, '', p); dispatchEvent(new PopStateEvent('popstate')); }, path);
    await page.waitForTimeout(8000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const get = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x: any) => [x.name, x.value]));
    const a = await get();
    const m = startCpuMeter()!;
    await page.waitForTimeout(10000);
    const z = await get();
    const d = (k: string) => (z[k] - a[k]).toFixed(3);
    console.log(path, 'idle cpu s per 10 s:', m.stop().toFixed(2), 'task', d('TaskDuration'), 'script', d('ScriptDuration'), 'layout', d('LayoutDuration'), 'style', d('RecalcStyleDuration'), 'layouts', d('LayoutCount'), 'styles', d('RecalcStyleCount'));
  }
  await b.close();
  await app.close();
}, 120000);

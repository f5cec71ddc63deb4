import { describe, expect, it } from 'vitest';
import { amountText, fillAmount, parseBold } from '../../src/features/wallet/instructions.ts';

describe('fillAmount', () => {
  it('replaces every {AMOUNT}', () => {
    expect(fillAmount('Send {AMOUNT}$ now; {AMOUNT}$ total', 25)).toBe('Send 25$ now; 25$ total');
    expect(amountText(25.5)).toBe('25.50');
  });
});

describe('parseBold', () => {
  it('turns **x** into bold segments', () => {
    expect(parseBold('Send **25$** to **acct**.')).toEqual([
      { text: 'Send ', bold: false },
      { text: '25$', bold: true },
      { text: ' to ', bold: false },
      { text: 'acct', bold: true },
      { text: '.', bold: false },
    ]);
  });
  it('keeps unmatched and empty markers literal', () => {
    expect(parseBold('a ** b')).toEqual([{ text: 'a ** b', bold: false }]);
    expect(parseBold('****')).toEqual([{ text: '****', bold: false }]);
    expect(parseBold('**a\nb**')).toEqual([{ text: '**a\nb**', bold: false }]);
    expect(parseBold('')).toEqual([]);
  });
  it('never produces markup: HTML stays text, characters are never lost', () => {
    const hostile = '**<img src=x onerror=alert(1)>** <script>alert("x")</script> **"&amp;**';
    const segs = parseBold(hostile);
    expect(segs.map((s) => s.text).join('')).toBe(hostile.replace(/\*\*/g, ''));
    expect(segs.filter((s) => s.bold).map((s) => s.text)).toEqual(['<img src=x onerror=alert(1)>', '"&amp;']);
  });
  it('handles nested and odd markers without losing text', () => {
    const text = '***x*** **a**b**c** *** **';
    const segs = parseBold(text);
    expect(segs.every((s) => s.text.length > 0)).toBe(true);
    expect(segs.filter((s) => s.bold).map((s) => s.text)).toContain('a');
  });
  it('stays linear on long hostile input', () => {
    const long = '**a'.repeat(50_000) + '*'.repeat(100_001);
    const t = performance.now();
    const segs = parseBold(long);
    expect(performance.now() - t).toBeLessThan(500);
    expect(segs.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import {
  TRUNCATE_AT, cutAlike, cutTitle, isLong, linkify, safeHref, safeMediaUrl, textDirection, truncateSegments, type Segment,
} from '../../src/features/inbox/text.ts';

const links = (segs: Segment[]) => segs.filter((s) => s.kind === 'link');
const joined = (segs: Segment[]) => segs.map((s) => s.text).join('');

describe('linkify', () => {
  it('links http and https and keeps the rest as text', () => {
    const segs = linkify('see https://example.com/a?b=1 and http://x.org.');
    expect(segs).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never loses or reorders characters', () => {
    const text = 'a (https://en.wikipedia.org/wiki/Foo_(bar)) b, https://q.com/x), "https://z.io/"!';
    const segs = linkify(text);
    expect(joined(segs)).toBe(text);
    expect(links(segs).map((l) => l.text)).toEqual(['https://en.wikipedia.org/wiki/Foo_(bar)', 'https://q.com/x', 'https://z.io/']);
  });

  it('keeps markup as plain text: nothing is HTML', () => {
    const text = '<script>alert(1)</script><img src=x onerror=alert(1)> &amp;';
    expect(linkify(text)).toEqual([{ kind: 'text', text }]);
  });

  it('does not let markup ride inside a link', () => {
    const segs = linkify('https://a.com/"><script>alert(1)</script>');
    expect(links(segs)).toEqual([{ kind: 'link', text: 'https://a.com/', href: 'https://a.com/' }]);
    expect(joined(segs)).toContain('<script>');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'mailto:a@b.c',
    'file:///etc/passwd',
    'ftp://example.com',
    '//evil.com',
    'http://',
    'https:///nohost',
  ])('leaves %s as text', (text) => {
    expect(links(linkify(text))).toEqual([]);
    expect(joined(linkify(text))).toBe(text);
  });

  it('does not link a scheme glued to a word', () => {
    expect(links(linkify('xhttps://evil.com'))).toEqual([]);
  });

  it('only hands out http(s) hrefs', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('HTTPS://Example.COM/p')).toBe('https://example.com/p');
  });

  it('resolves media addresses against the page and keeps only http(s)', () => {
    const base = 'https://app.example/inbox?c=1';
    expect(safeMediaUrl('/media/a.wav', base)).toBe('https://app.example/media/a.wav');
    expect(safeMediaUrl('https://cdn.example/x.png', base)).toBe('https://cdn.example/x.png');
    expect(safeMediaUrl('javascript:alert(1)', base)).toBeNull();
    expect(safeMediaUrl('data:image/png;base64,AAAA', base)).toBeNull();
    expect(safeMediaUrl(null, base)).toBeNull();
  });

  it('stays fast on a 100k-character message with thousands of links', () => {
    const chunk = 'word https://example.com/path?q=1&r=2 (see http://x.y/z). ';
    const text = chunk.repeat(Math.ceil(100_000 / chunk.length)).slice(0, 100_000);
    const t0 = performance.now();
    const segs = linkify(text);
    const cut = truncateSegments(segs);
    const ms = performance.now() - t0;
    expect(links(segs).length).toBeGreaterThan(3000);
    expect(joined(segs)).toBe(text);
    expect(joined(cut).length).toBe(TRUNCATE_AT);
    expect(ms).toBeLessThan(500);
  });

  it('stays fast on pathological runs', () => {
    const inputs = ['https://'.repeat(12_500), 'http://a.b/' + ')'.repeat(100_000), '.'.repeat(100_000), 'h'.repeat(100_000)];
    for (const text of inputs) {
      const t0 = performance.now();
      expect(joined(linkify(text))).toBe(text);
      expect(performance.now() - t0).toBeLessThan(500);
    }
  });
});

describe('truncation', () => {
  it('cuts over 215 code points only', () => {
    expect(isLong('a'.repeat(215))).toBe(false);
    expect(isLong('a'.repeat(216))).toBe(true);
    // 215 emoji are 430 UTF-16 units but 215 characters.
    expect(isLong('😀'.repeat(215))).toBe(false);
  });

  it('never splits a surrogate pair', () => {
    const cut = truncateSegments(linkify('😀'.repeat(300)));
    expect(joined(cut)).toBe('😀'.repeat(215));
  });

  it('keeps the full href of a link crossing the cut', () => {
    const url = `https://example.com/${'p'.repeat(300)}`;
    const cut = truncateSegments(linkify(`hello ${url}`));
    expect(cut).toHaveLength(2);
    expect(cut[1]).toMatchObject({ kind: 'link', href: url });
    expect(joined(cut).length).toBe(215);
  });

  it('cuts titles at 20 characters', () => {
    expect(cutTitle('Short')).toBe('Short');
    expect(cutTitle('a'.repeat(20))).toBe('a'.repeat(20));
    expect(cutTitle('Arabic with Ustadh Ahmad')).toBe('Arabic with Ustadh A…');
  });
});

describe('textDirection', () => {
  it.each([
    ['مرحبا بك', 'rtl'],
    ['שלום', 'rtl'],
    ['  مرحبا', 'rtl'],
    ['ﷺ', 'rtl'],
    ['123 مرحبا', 'ltr'],
    ['123 - السلام عليكم', 'ltr'],
    ['  «ﷺ» ', 'ltr'],
    ['😀 hello مرحبا', 'ltr'],
    ['Hello مرحبا', 'ltr'],
    ['123', 'ltr'],
    ['', 'ltr'],
    [null, 'ltr'],
    ['Привет', 'ltr'],
  ] as const)('%s → %s', (text, dir) => {
    expect(textDirection(text)).toBe(dir);
  });
});

describe('cutAlike', () => {
  it('names the conversations whose cut titles read the same though the titles differ', () => {
    const list = [
      { id: 1, title: 'Quran Memorisation (Hifz) - Yusuf' },
      { id: 2, title: 'Quran Memorisation (Hifz) - Faris' },
      { id: 3, title: 'Quran Memorisation (Hifz) - Yusuf' },
      { id: 4, title: 'Short title' },
      { id: 5, title: 'Tajweed Rules for Beginners A' },
    ];
    expect([...cutAlike(list)].sort()).toEqual([1, 2, 3]);
    // Two with the same whole title are not told apart by it: nothing to add.
    expect(cutAlike([list[0]!, list[2]!]).size).toBe(0);
    expect(cutAlike([]).size).toBe(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { i18nPrecompile } from '../../../scripts/vite-i18n-precompile.ts';

type Transform = (this: { error(m: string): never }, code: string, id: string) => { code: string } | null;
const transform = i18nPrecompile().transform as unknown as Transform;
const ctx = { error: (m: string): never => { throw new Error(m); } };

/** The catalogue file as a production build ships it, imported (its type-only imports are erased). */
async function built(file: string): Promise<Record<string, unknown>> {
  const id = path.resolve('src/lib/i18n', file);
  const out = transform.call(ctx, fs.readFileSync(id, 'utf8'), id);
  expect(out, file).not.toBeNull();
  const tmp = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'i18n-')), path.basename(file));
  // Relative imports point back at the source tree.
  fs.writeFileSync(tmp, out!.code.replace(/from '(\.\.?\/[^']+)'/g, (_m, rel: string) => `from '${path.resolve(path.dirname(id), rel)}'`));
  return Object.values(await import(tmp))[0] as Record<string, unknown>;
}

describe('build-time parsing of the catalogues', () => {
  it('ships every ICU message parsed, formatting exactly as the text does, and plain text as it is', async () => {
    for (const [file, locale] of [['en/shell.ts', 'en'], ['ar/shell.ts', 'ar-EG-u-nu-latn'], ['en/messages.ts', 'en'], ['ar/messages.ts', 'ar-EG-u-nu-latn']] as const) {
      const source = Object.values(await import(`../../../src/lib/i18n/${file}`))[0] as Record<string, string>;
      const shipped = await built(file);
      expect(Object.keys(shipped)).toEqual(Object.keys(source));
      for (const [k, text] of Object.entries(source)) {
        if (!text.includes('{')) {
          expect(shipped[k], k).toBe(text);
          continue;
        }
        expect(Array.isArray(shipped[k]), k).toBe(true);
        for (const n of [0, 1, 2, 3, 11, 100]) {
          const values = { n, product: 'Tutoring', year: 2026, amount: '$1.00', name: 'Ali', email: 'a@b.c', used: '1:15', instead: '1:10', min: 5, zone: 'UTC' };
          const want = new IntlMessageFormat(text, locale).format(values);
          expect(new IntlMessageFormat(shipped[k] as never, locale).format(values), `${file} ${k} ${n}`).toBe(want);
        }
      }
    }
  });

  it('fails the build on a message that does not parse', () => {
    const id = path.resolve('src/lib/i18n/en/broken.ts');
    expect(() => transform.call(ctx, "export const x = { 'a.b': 'Hello {name' } as const;", id)).toThrow(/a\.b.*not a valid ICU message/);
  });

  it('leaves other files alone', () => {
    expect(transform.call(ctx, "export const x = { a: '{n}' };", path.resolve('src/app/x.ts'))).toBeNull();
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The code every first screen loads (guest pages included) is what `src/main.tsx` imports
 * statically, transitively. TanStack DB and the collections (`src/lib/engine/tables.ts`, the hooks
 * over them) must not be in it: a screen that needs them loads them with its own chunk. A component
 * of the shell that reads the mirror uses `mirror-rows.ts` instead (one `useKv` in the shell once
 * took the guest's first screen from 254 to 341 KB gzip).
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const p = path.resolve(path.dirname(from), spec);
  for (const c of [p, `${p}.ts`, `${p}.tsx`, `${p}/index.ts`, `${p}/index.tsx`]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** Each statically reachable file with the file that imported it first. */
function staticGraph(entry: string): Map<string, string | null> {
  const parent = new Map<string, string | null>();
  const queue: [string, string | null][] = [[entry, null]];
  while (queue.length) {
    const [file, from] = queue.shift()!;
    if (parent.has(file)) continue;
    parent.set(file, from);
    for (const m of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const next = resolve(file, m[1]!);
      if (next) queue.push([next, file]);
    }
  }
  return parent;
}

const chain = (graph: Map<string, string | null>, file: string) => {
  const out: string[] = [];
  for (let f: string | null | undefined = file; f; f = graph.get(f)) out.unshift(path.relative(ROOT, f));
  return out.join(' -> ');
};

describe('the first screen’s code', () => {
  const graph = staticGraph(path.join(ROOT, 'src/main.tsx'));

  it('reaches the shell (the test reads the real graph)', () => {
    expect(graph.has(path.join(ROOT, 'src/app/root-layout.tsx'))).toBe(true);
    expect(graph.has(path.join(ROOT, 'src/lib/engine/mirror-rows.ts'))).toBe(true);
  });

  it.each(['src/lib/engine/tables.ts', 'src/lib/engine/hooks.ts', 'src/lib/engine/live-query.ts'])('does not import %s', (file) => {
    const f = path.join(ROOT, file);
    expect(graph.has(f) ? chain(graph, f) : null).toBeNull();
  });

  it('does not import TanStack DB', () => {
    const users = [...graph.keys()].filter((f) => /from\s+['"]@tanstack\//.test(fs.readFileSync(f, 'utf8')));
    expect(users.map((f) => chain(graph, f))).toEqual([]);
  });
});

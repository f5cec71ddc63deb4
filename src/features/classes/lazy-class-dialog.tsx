import { lazy, Suspense, useState } from 'react';
import type { ClassRef } from './class-link.ts';

const load = () => import('./class-dialog.tsx');
const Impl = lazy(() => load().then((m) => ({ default: m.ClassDialog })));

/**
 * The class dialog, its code loaded on first use: a screen that lists classes does not make its
 * first paint wait for the dialog and its actions (about 9 KB gzip).
 */
export function ClassDialog({ classId, onClose }: { classId: ClassRef | null; onClose: () => void }) {
  // Once opened it stays mounted, so closing plays the dialog's exit as before.
  const [used, setUsed] = useState(false);
  if (classId !== null && !used) setUsed(true);
  if (classId === null && !used) return null;
  return (
    <Suspense fallback={null}>
      <Impl classId={classId} onClose={onClose} />
    </Suspense>
  );
}

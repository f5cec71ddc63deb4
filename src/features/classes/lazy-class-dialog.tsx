import { useState } from 'react';
import { lazyCode, useLazyCode } from '../../lib/lazy-code.ts';
import type { ClassRef } from './class-link.ts';

const dialogCode = lazyCode(() => import('./class-dialog.tsx'));

/**
 * The class dialog, its code loaded on first use: a screen that lists classes does not make its
 * first paint wait for the dialog and its actions (about 9 KB gzip).
 */
export function ClassDialog({ classId, onClose }: { classId: ClassRef | null; onClose: () => void }) {
  // Once opened it stays mounted, so closing plays the dialog's exit as before.
  const [used, setUsed] = useState(false);
  if (classId !== null && !used) setUsed(true);
  const Impl = useLazyCode(dialogCode, used)?.ClassDialog;
  return Impl ? <Impl classId={classId} onClose={onClose} /> : null;
}

/**
 * The activation dialog as a chunk of its own, loaded when a visitor first opens it: a book page's
 * first load then carries no form library (antd's Form and Input are most of the dialog's weight;
 * docs/decisions/013-first-paint.md). Once opened it stays mounted, so closing it animates as before.
 */
import { lazy, Suspense, useState } from 'react';
import type { ActivationDialogProps } from './activation-dialog';

const ActivationDialog = lazy(() => import('./activation-dialog').then((m) => ({ default: m.ActivationDialog })));

/** `ActivationDialog`, rendered (and its chunk requested) from the first time `open` is true. */
export function LazyActivationDialog(props: ActivationDialogProps) {
  const [opened, setOpened] = useState(props.open);
  // Derived state: remembered during render, as React recommends for values that follow props.
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ActivationDialog {...props} />
    </Suspense>
  );
}

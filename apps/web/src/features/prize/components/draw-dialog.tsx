/**
 * The draw's result in a modal dialog (native `<dialog>`: focus kept inside, Escape closes): a
 * shaking gift while the server draws, then the prize popping up. Both animations are switched off
 * under `prefers-reduced-motion` (prize.module.css), and the result is announced to screen readers.
 */
import { useEffect, useRef } from 'react';
import type { DrawView } from '../hooks/use-draw';
import styles from './prize.module.css';

export function DrawDialog({ view, onClose }: { view: DrawView; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const open = view.phase !== 'idle';

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="draw-dialog-title"
      onClose={onClose}
      onCancel={onClose}
      data-testid="draw-dialog"
    >
      {view.phase === 'drawing' && (
        <>
          <div className={`${styles.gift} ${styles.giftSpin}`} aria-hidden>
            奖
          </div>
          <h2 id="draw-dialog-title" className={styles.dialogTitle} aria-live="polite">
            正在抽奖…
          </h2>
        </>
      )}
      {view.phase === 'won' && (
        <>
          <div className={`${styles.gift} ${styles.giftReveal}`} aria-hidden>
            奖
          </div>
          <h2 id="draw-dialog-title" className={styles.dialogTitle} role="status" data-testid="draw-result">
            恭喜获得「{view.result.prize.name}」
          </h2>
          {view.result.prize.fallback && <p className={styles.muted}>抽中的奖项已发完，已为您改发此奖品。</p>}
          <p className={styles.muted}>
            消耗 {view.result.pointsSpent} 积分，剩余 {view.result.available} 积分，还可中奖 {view.result.drawsLeft} 次
          </p>
        </>
      )}
      {view.phase === 'failed' && (
        <>
          <div className={`${styles.gift} ${styles.giftMiss}`} aria-hidden>
            !
          </div>
          <h2 id="draw-dialog-title" className={styles.dialogTitle}>
            未能抽奖
          </h2>
          <p role="alert" data-testid="draw-error">
            {view.message}
          </p>
        </>
      )}
      {open && (
        <button type="button" className={styles.dialogClose} onClick={onClose} disabled={view.phase === 'drawing'}>
          {view.phase === 'drawing' ? '请稍候' : '知道了'}
        </button>
      )}
    </dialog>
  );
}

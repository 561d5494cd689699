/**
 * Shown over the page while a route guard logs the visitor in (docs/product.md §4): plain markup,
 * no UI library, because it renders on desktop and H5 routes alike.
 */
import styles from './identity.module.css';

export function GuardOverlay({ text = '正在登录，请稍候…' }: { text?: string }) {
  return (
    <div className={styles.overlay} role="status" aria-live="polite" data-testid="identity-guard">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

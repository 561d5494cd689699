/** 学生 / 教师 / 家长 choice of a new account (selectIdentity, docs/identity.md, New accounts). */
import type { DeclarableIdentity } from '@eav/contract';
import { IDENTITY_OPTIONS } from '../../utils/labels';
import styles from './mobile.module.css';

export function IdentityChooser({
  value,
  onChange,
}: {
  value: DeclarableIdentity | null;
  onChange: (v: DeclarableIdentity) => void;
}) {
  return (
    <div className={styles.options} role="radiogroup" aria-label="选择身份">
      {IDENTITY_OPTIONS.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          className={styles.option}
          onClick={() => onChange(o.value)}
        >
          <span>我是{o.label}</span>
          <span className={styles.optionHint}>{o.hint}</span>
        </button>
      ))}
    </div>
  );
}

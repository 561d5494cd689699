/** Left half of the login / register page: platform name, slogan, illustration and three offers. */
import { site } from '@/config/site';
import styles from './auth.module.css';

function BrandArt() {
  // A tablet showing an open textbook, with floating resource cards: drawn inline so the page
  // needs no image download before it can be used.
  return (
    <svg className={styles.brandArt} viewBox="0 0 380 240" role="img" aria-label="数字教材插画">
      <defs>
        <linearGradient id="auth-screen" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="1" stopColor="#e8f0ff" />
        </linearGradient>
      </defs>
      <rect x="60" y="28" width="260" height="180" rx="16" fill="#0a2f80" opacity="0.35" />
      <rect x="52" y="20" width="260" height="180" rx="16" fill="#10275f" />
      <rect x="64" y="32" width="236" height="156" rx="8" fill="url(#auth-screen)" />
      <path
        d="M182 58 C160 50 120 50 96 58 V160 C120 152 160 152 182 160 Z"
        fill="#fff"
        stroke="#1664ff"
        strokeWidth="2"
      />
      <path
        d="M182 58 C204 50 244 50 268 58 V160 C244 152 204 152 182 160 Z"
        fill="#fff"
        stroke="#1664ff"
        strokeWidth="2"
      />
      {[74, 90, 106, 122, 138].map((y) => (
        <g key={y}>
          <rect x="108" y={y} width={y === 74 ? 40 : 60} height="5" rx="2.5" fill={y === 74 ? '#1664ff' : '#c9d6f5'} />
          <rect x="196" y={y} width={y === 122 ? 36 : 58} height="5" rx="2.5" fill="#c9d6f5" />
        </g>
      ))}
      <g transform="translate(276 116)">
        <rect width="88" height="58" rx="10" fill="#ff7a1a" />
        <polygon points="36,17 36,41 56,29" fill="#fff" />
      </g>
      <g transform="translate(14 120)">
        <rect width="78" height="52" rx="10" fill="#fff" />
        <rect x="12" y="14" width="54" height="6" rx="3" fill="#1664ff" />
        <rect x="12" y="28" width="38" height="6" rx="3" fill="#c9d6f5" />
      </g>
      <circle cx="330" cy="52" r="16" fill="#fff" opacity="0.9" />
      <path d="M323 52 l5 5 l9 -10" stroke="#1664ff" strokeWidth="3" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export function BrandPanel() {
  return (
    <aside className={styles.brand} aria-label="平台介绍">
      <div>
        <h2 className={styles.brandTitle}>{site.platformName}</h2>
        <p className={styles.brandSlogan}>{site.slogan}</p>
      </div>
      <BrandArt />
      <ul className={styles.brandList}>
        <li>
          <strong>数字教材</strong>
          覆盖中小学各学段
        </li>
        <li>
          <strong>同步资源</strong>
          课件、试卷、题库
        </li>
        <li>
          <strong>网络学习</strong>
          名师课程随时学
        </li>
      </ul>
    </aside>
  );
}

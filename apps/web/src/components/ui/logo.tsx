/**
 * The platform mark (an open book on a blue tile) and the word mark beside it. public/favicon.svg
 * (also the boot splash's mark in index.html) draws the same mark: change both together.
 */
import { site } from '@/config/site';

export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="eav-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82ff" />
          <stop offset="1" stopColor="#0b3fa8" />
        </linearGradient>
      </defs>
      <rect width="48" height="48" rx="12" fill="url(#eav-logo-g)" />
      <path d="M10 15.5c4.6-1.6 9.2-1.2 13 1.4v19c-3.8-2.4-8.4-2.8-13-1.3z" fill="#fff" />
      <path d="M38 15.5c-4.6-1.6-9.2-1.2-13 1.4v19c3.8-2.4 8.4-2.8 13-1.3z" fill="#dbe7ff" />
      <circle cx="35" cy="11" r="4" fill="#ff7a1a" />
    </svg>
  );
}

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="eav-logo">
      <LogoMark size={compact ? 32 : 40} />
      <span className="eav-logo__text">
        <span className="eav-logo__name">{site.platformName}</span>
        {!compact && <span className="eav-logo__slogan">{site.slogan}</span>}
      </span>
    </span>
  );
}

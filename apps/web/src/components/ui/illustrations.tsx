/**
 * Flat illustrations for status pages (建设中, not found, offline, error). Pure SVG, brand colours,
 * no text, so they scale from the 375 px H5 layout to the desktop.
 */
export type IllustrationKind = 'building' | 'not-found' | 'offline' | 'error';

export function Illustration({ kind, width = 320 }: { kind: IllustrationKind; width?: number }) {
  return (
    <svg
      viewBox="0 0 320 220"
      width={width}
      style={{ maxWidth: '100%', height: 'auto' }}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={`ill-bg-${kind}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e8f0ff" />
          <stop offset="1" stopColor="#f5f8ff" />
        </linearGradient>
        <linearGradient id={`ill-book-${kind}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b82ff" />
          <stop offset="1" stopColor="#1664ff" />
        </linearGradient>
      </defs>
      <ellipse cx="160" cy="118" rx="138" ry="92" fill={`url(#ill-bg-${kind})`} />
      <ellipse cx="160" cy="196" rx="110" ry="10" fill="#dfe7f5" />
      {/* open book */}
      <path d="M70 92c28-10 56-8 86 6v92c-30-14-58-16-86-6z" fill="#fff" stroke="#c9d8f5" strokeWidth="2" />
      <path d="M250 92c-28-10-56-8-86 6v92c30-14 58-16 86-6z" fill="#fff" stroke="#c9d8f5" strokeWidth="2" />
      <path d="M156 98h8v92h-8z" fill={`url(#ill-book-${kind})`} />
      <g stroke="#dbe5f7" strokeWidth="4" strokeLinecap="round" fill="none">
        <path d="M86 112c18-5 36-4 54 2M86 128c18-5 36-4 54 2M86 144c18-5 36-4 54 2M86 160c12-3 24-3 36 0" />
        <path d="M180 114c18-6 36-7 54-2M180 130c18-6 36-7 54-2M180 146c18-6 36-7 54-2" />
      </g>
      {kind === 'building' && (
        <g>
          {/* crane */}
          <path d="M256 190V44" stroke="#ff7a1a" strokeWidth="6" />
          <path d="M226 44h80" stroke="#ff7a1a" strokeWidth="6" strokeLinecap="round" />
          <path d="M256 30v14M256 30l-20 14M256 30l20 14" stroke="#ff9a4d" strokeWidth="3" fill="none" />
          <path d="M236 44v40" stroke="#8a94a6" strokeWidth="2" />
          <rect x="220" y="84" width="32" height="22" rx="4" fill="#ffd27a" stroke="#f5a623" strokeWidth="2" />
          {/* cone */}
          <path d="M52 192l12-34 12 34z" fill="#ff7a1a" />
          <path d="M57 178h14M60 168h8" stroke="#fff" strokeWidth="4" />
          {/* gear */}
          <g transform="translate(110 58)">
            <circle r="14" fill="none" stroke="#1664ff" strokeWidth="6" strokeDasharray="6 4" />
            <circle r="6" fill="#1664ff" />
          </g>
        </g>
      )}
      {kind === 'not-found' && (
        <g>
          <circle cx="238" cy="70" r="26" fill="#fff" stroke="#1664ff" strokeWidth="8" />
          <path d="M257 89l26 26" stroke="#1664ff" strokeWidth="10" strokeLinecap="round" />
          <path d="M229 62l18 16M247 62l-18 16" stroke="#ff7a1a" strokeWidth="5" strokeLinecap="round" />
        </g>
      )}
      {kind === 'offline' && (
        <g fill="none" strokeLinecap="round">
          <path d="M206 72c22-20 54-20 76 0" stroke="#9fb8e8" strokeWidth="7" />
          <path d="M218 86c15-12 37-12 52 0" stroke="#6f97e6" strokeWidth="7" />
          <circle cx="244" cy="102" r="6" fill="#1664ff" />
          <path d="M210 48l68 70" stroke="#ff7a1a" strokeWidth="6" />
        </g>
      )}
      {kind === 'error' && (
        <g>
          <path d="M244 36l36 62h-72z" fill="#fff3e8" stroke="#ff7a1a" strokeWidth="5" strokeLinejoin="round" />
          <path d="M244 58v20" stroke="#ff7a1a" strokeWidth="6" strokeLinecap="round" />
          <circle cx="244" cy="88" r="4" fill="#ff7a1a" />
        </g>
      )}
    </svg>
  );
}

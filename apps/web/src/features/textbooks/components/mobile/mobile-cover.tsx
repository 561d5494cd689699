/** H5 cover (same fallback rule as the desktop cover: generated SVG when an imported image fails). */
import { useState } from 'react';
import { ApiPaths } from '@eav/contract';
import styles from './mobile.module.css';

export function MobileCover({ id, coverUrl, title }: { id: number; coverUrl: string; title: string }) {
  const fallback = ApiPaths.textbookCoverSvg(id);
  const [src, setSrc] = useState(coverUrl || fallback);
  return (
    <div className={styles.cover}>
      <img src={src} alt={`${title} 封面`} loading="lazy" onError={() => src !== fallback && setSrc(fallback)} />
    </div>
  );
}

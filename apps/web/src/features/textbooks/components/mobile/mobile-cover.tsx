/** H5 cover (same fallback rule as the desktop cover: generated SVG when an imported image fails). */
import { useState } from 'react';
import { ApiPaths } from '@eav/contract';
import styles from './mobile.module.css';

interface Props {
  id: number;
  coverUrl: string;
  title: string;
  /**
   * A cover of the first screen (the book page's, the first rows of a list): loaded at once and first,
   * since it is the page's largest paint; the others wait until they come near the viewport.
   */
  eager?: boolean;
}

export function MobileCover({ id, coverUrl, title, eager }: Props) {
  const fallback = ApiPaths.textbookCoverSvg(id);
  const [src, setSrc] = useState(coverUrl || fallback);
  return (
    <div className={styles.cover}>
      <img
        src={src}
        alt={`${title} 封面`}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        onError={() => src !== fallback && setSrc(fallback)}
      />
    </div>
  );
}

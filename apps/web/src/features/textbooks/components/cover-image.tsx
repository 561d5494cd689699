/**
 * A textbook cover: the item's `coverUrl` (imported http(s) image, stored or generated cover), falling
 * back to the generated `/covers/{id}.svg` when an imported image cannot be loaded, so a broken
 * external link never leaves a grey box.
 */
import { useState } from 'react';
import { ApiPaths } from '@eav/contract';
import styles from './textbooks.module.css';

interface Props {
  id: number;
  coverUrl: string;
  title: string;
  className?: string;
  /** Eager-load covers above the fold. */
  eager?: boolean;
}

export function CoverImage({ id, coverUrl, title, className, eager }: Props) {
  const fallback = ApiPaths.textbookCoverSvg(id);
  const [src, setSrc] = useState(coverUrl || fallback);
  return (
    <div className={`${styles.cover} ${className ?? ''}`}>
      <img
        src={src}
        alt={`${title} 封面`}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => src !== fallback && setSrc(fallback)}
      />
    </div>
  );
}

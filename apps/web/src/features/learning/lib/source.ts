/**
 * Which stream the player uses: HLS when the lesson has one and the browser can play it (natively,
 * as Safari does, or through hls.js on Media Source Extensions), else the MP4.
 */
export type PlaybackSource = { kind: 'native'; url: string } | { kind: 'hls.js'; url: string };

export function pickSource(
  grant: { mp4Url: string; hlsUrl: string | null },
  caps: { nativeHls: boolean; hlsJsSupported: boolean },
): PlaybackSource {
  const hls = grant.hlsUrl;
  if (hls && /\.m3u8(\?|$)/.test(hls)) {
    if (caps.nativeHls) return { kind: 'native', url: hls };
    if (caps.hlsJsSupported) return { kind: 'hls.js', url: hls };
  }
  return { kind: 'native', url: grant.mp4Url };
}

/** Lessons grouped by chapter in first-seen order; lessons of the whole book come first as 全书. */
export function groupByChapter<T extends { chapterId: number | null; chapterTitle: string | null }>(
  items: T[],
): { key: string; title: string; items: T[] }[] {
  const groups = new Map<string, { key: string; title: string; items: T[] }>();
  const sorted = [...items].sort((a, b) => Number(a.chapterId !== null) - Number(b.chapterId !== null));
  for (const v of sorted) {
    const key = v.chapterId === null ? 'book' : String(v.chapterId);
    if (!groups.has(key)) groups.set(key, { key, title: v.chapterTitle ?? '全书', items: [] });
    groups.get(key)!.items.push(v);
  }
  return [...groups.values()];
}

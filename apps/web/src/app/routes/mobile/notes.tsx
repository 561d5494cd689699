/** `/mobileH5/notes`: 我的笔记 on the phone (docs/reader.md, 我的笔记 pages). */
import { MobileMyNotes } from '@/features/reader/components/mobile-my-notes';

export default function MobileNotesRoute() {
  return <MobileMyNotes />;
}

/** `/mobileH5/downloadZone`: 下载专区, the resources of my textbooks. */
import { MobileDownloadZone } from '@/features/resources/components/mobile/mobile-download-zone';

export default function DownloadZoneRoute() {
  return <MobileDownloadZone />;
}

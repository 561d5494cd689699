/** `/digitalResources/syncMaterial`: 同步资源, under the 数字资源 tab bar. */
import { DigitalResourcesNav } from '@/components/digital-resources-nav';
import { SyncMaterial } from '@/features/resources/components/sync-material';

export default function SyncMaterialRoute() {
  return (
    <>
      <DigitalResourcesNav />
      <SyncMaterial />
    </>
  );
}

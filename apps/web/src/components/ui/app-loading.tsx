/**
 * First paint while the first route loads (router HydrateFallback): the boot splash of index.html
 * (same classes, styled there), so the hand-over from the static page to React does not flicker.
 */
import { site } from '@/config/site';
import { LogoMark } from './logo';

export function AppLoading() {
  return (
    <div className="eav-boot" role="status" aria-label="加载中">
      <LogoMark size={44} />
      <span>{site.platformName}</span>
      <span className="eav-boot__bar" />
    </div>
  );
}

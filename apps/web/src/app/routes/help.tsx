/** `/help`: the help centre, under the 数字资源 tab bar (docs/product.md §2: /help highlights 数字资源). */
import { DigitalResourcesNav } from '@/components/digital-resources-nav';
import { HelpCenter } from '@/features/help/components/help-center';

export default function HelpRoute() {
  return (
    <>
      <DigitalResourcesNav />
      <HelpCenter />
    </>
  );
}

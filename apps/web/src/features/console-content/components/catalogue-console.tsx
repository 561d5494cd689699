/** 目录导入 (docs/console-content.md, Catalogue): the import with its progress and report, then the book list. */
import { ImportPanel } from './import-panel';
import { ConsolePage } from '@/components/console/console-page';
import { TextbookTable } from './textbook-table';

export function CatalogueConsole() {
  return (
    <ConsolePage title="目录导入">
      <ImportPanel kinds={['catalogue']} title="导入教材目录" />
      <TextbookTable />
    </ConsolePage>
  );
}

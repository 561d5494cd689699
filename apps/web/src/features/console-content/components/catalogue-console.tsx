/** 目录导入 (docs/console-content.md, Catalogue): the import with its progress and report, then the book list. */
import { ImportPanel } from './import-panel';
import styles from './console.module.css';
import { TextbookTable } from './textbook-table';

export function CatalogueConsole() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>目录导入</h1>
      <ImportPanel kinds={['catalogue']} title="导入教材目录" />
      <TextbookTable />
    </div>
  );
}

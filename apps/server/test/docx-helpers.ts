/** Reading generated Word files in tests: a DOCX is a ZIP whose body is `word/document.xml`. */
import { strFromU8, unzipSync } from 'fflate';

/** word/document.xml of a DOCX, unzipped with fflate (the ZIP library `docx` itself writes with). */
export function documentXml(buf: Buffer): string {
  const files = unzipSync(new Uint8Array(buf), { filter: (f) => f.name === 'word/document.xml' });
  const xml = files['word/document.xml'];
  if (!xml) throw new Error('word/document.xml not found');
  return strFromU8(xml);
}

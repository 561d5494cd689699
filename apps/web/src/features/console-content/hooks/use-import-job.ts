/**
 * The catalogue import of the console page: upload the file, then follow the job's progress events
 * until its report. One import at a time (the server allows one per operator as well).
 */
import type { ImportJob } from '@eav/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { startImport } from '../api/start-import';
import { watchImport } from '../api/watch-import';

export type ImportState =
  | { step: 'idle' }
  | { step: 'uploading'; fileName: string }
  | { step: 'running' | 'finished'; job: ImportJob }
  | { step: 'error'; message: string };

export function useImportJob() {
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const qc = useQueryClient();
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ step: 'uploading', fileName: file.name });
      try {
        const job = await startImport(file);
        setState({ step: 'running', job });
        const last = await watchImport(
          job.id,
          (j) => setState({ step: j.status === 'running' ? 'running' : 'finished', job: j }),
          controller.signal,
        );
        setState({ step: 'finished', job: last });
        void qc.invalidateQueries({ queryKey: ['console-content', 'textbooks'] });
      } catch (err) {
        if (!controller.signal.aborted) setState({ step: 'error', message: errorMessage(err, '导入失败，请稍后重试') });
      }
    },
    [qc],
  );

  return { state, start, reset: () => setState({ step: 'idle' }) };
}

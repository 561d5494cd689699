/**
 * An import of the console (catalogue or question bank, by `kind`): upload the file, then follow the
 * job's progress events until its report. One import at a time (the server allows one per operator
 * as well).
 */
import type { ImportJob, ImportJobKind } from '@eav/contract';
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

export function useImportJob(kind: ImportJobKind) {
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
        const job = await startImport(kind, file);
        setState({ step: 'running', job });
        const last = await watchImport(
          kind,
          job.id,
          (j) => setState({ step: j.status === 'running' ? 'running' : 'finished', job: j }),
          controller.signal,
        );
        setState({ step: 'finished', job: last });
        // What the import changed is read again: the book list, or the question bank's lists.
        const keys = kind === 'catalogue' ? [['console-content', 'textbooks']] : [['questions'], ['question-bank']];
        for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
      } catch (err) {
        if (!controller.signal.aborted) setState({ step: 'error', message: errorMessage(err, '导入失败，请稍后重试') });
      }
    },
    [kind, qc],
  );

  return { state, start, reset: () => setState({ step: 'idle' }) };
}

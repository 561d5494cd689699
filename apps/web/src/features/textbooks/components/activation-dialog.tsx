/**
 * 激活教材 dialog: a formatted 16-character code input; server answers ('激活码无效', '激活码已被使用',
 * '激活码已过期', too many attempts) are shown inline under the input. Opened for a book, it sends
 * that book's id: a code of another book is not redeemed but named ("它用于激活《…》"), and only
 * the user's confirmation activates that book. On success it shows the activated book with 开始阅读.
 * Logged-out users are sent to login (with redirect) instead, by `useActivationGate` (use-activation-gate.ts).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Form, Input, Modal, Result } from 'antd';
import type { ActivationResult, TextbookListItem } from '@eav/contract';
import { paths } from '@/config/paths';
import { useActivateTextbook } from '../api/activate-textbook';
import { activationErrorMessage, codeProblem, formatCodeInput, otherBookOf } from '../lib/activation-code';
import { CoverImage } from './cover-image';
import { activationOutcome } from '../lib/activation-outcome';
import styles from './textbooks.module.css';

export interface ActivationDialogProps {
  open: boolean;
  onClose(): void;
  /** Shown above the input ("为《…》输入激活码"). */
  bookTitle?: string;
  /** The book being activated: a code of another book is then confirmed before use. */
  bookId?: number;
  onActivated?(result: ActivationResult): void;
}

export function ActivationDialog({ open, onClose, bookTitle, bookId, onActivated }: ActivationDialogProps) {
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  /** The book the typed code is for, when it is not this dialog's book (awaiting confirmation). */
  const [otherBook, setOtherBook] = useState<TextbookListItem | null>(null);
  const mutation = useActivateTextbook();
  const navigate = useNavigate();
  const problem = codeProblem(code);

  const close = () => {
    setCode('');
    setTouched(false);
    setOtherBook(null);
    mutation.reset();
    onClose();
  };

  const activate = (textbookId: number | undefined) =>
    mutation.mutate(
      { code, textbookId },
      {
        onSuccess: (r) => {
          setOtherBook(null);
          onActivated?.(r);
        },
        onError: (e) => {
          const other = otherBookOf(e);
          if (other) setOtherBook(other);
        },
      },
    );

  const submit = () => {
    setTouched(true);
    if (problem || mutation.isPending) return;
    activate(bookId);
  };

  const backToInput = () => {
    setOtherBook(null);
    mutation.reset();
  };

  const result = mutation.data;
  const inlineError = mutation.isError ? activationErrorMessage(mutation.error) : touched ? problem : null;

  return (
    <Modal
      open={open}
      onCancel={close}
      title={result ? null : '激活教材'}
      footer={null}
      destroyOnHidden
      width={480}
      centered
    >
      {result ? (
        <Result
          status="success"
          title={activationOutcome(result).title}
          subTitle={
            <div className={styles.activationOk}>
              <CoverImage
                id={result.textbook.id}
                coverUrl={result.textbook.coverUrl}
                title={result.textbook.title}
                className={styles.relatedCover}
              />
              <span>{activationOutcome(result).detail}</span>
            </div>
          }
          extra={[
            // Reading is offered only for a book with an electronic edition.
            result.textbook.hasFile && (
              <Button key="read" type="primary" onClick={() => navigate(`${paths.preview}?id=${result.textbook.id}`)}>
                开始阅读
              </Button>
            ),
            <Button
              key="mine"
              type={result.textbook.hasFile ? 'default' : 'primary'}
              onClick={() => navigate(paths.myBook)}
            >
              我的教材
            </Button>,
          ]}
        />
      ) : otherBook ? (
        <div data-testid="activation-other-book">
          <div className={styles.activationOk}>
            <CoverImage
              id={otherBook.id}
              coverUrl={otherBook.coverUrl}
              title={otherBook.title}
              className={styles.relatedCover}
            />
            <div>
              <p className={styles.otherBookNote}>
                {bookTitle ? `该激活码不是《${bookTitle}》的激活码，` : '该激活码不属于当前教材，'}它用于激活：
              </p>
              <p className={styles.otherBookTitle}>《{otherBook.title}》</p>
              <p className={styles.codeHelp}>激活码尚未使用。确认后将激活这本教材，激活码随即失效。</p>
            </div>
          </div>
          {mutation.isError && !otherBookOf(mutation.error) && (
            <p className={styles.otherBookError} role="alert">
              {activationErrorMessage(mutation.error)}
            </p>
          )}
          <div className={styles.otherBookActions}>
            <Button onClick={backToInput} disabled={mutation.isPending}>
              重新输入
            </Button>
            <Button type="primary" loading={mutation.isPending} onClick={() => activate(otherBook.id)}>
              激活《{otherBook.title}》
            </Button>
          </div>
        </div>
      ) : (
        <Form layout="vertical" requiredMark={false} component="div">
          {bookTitle && <p>为《{bookTitle}》输入激活码：</p>}
          <Form.Item
            label="激活码"
            validateStatus={inlineError ? 'error' : undefined}
            help={inlineError ? <span role="alert">{inlineError}</span> : undefined}
          >
            <Input
              className={styles.codeInput}
              size="large"
              autoFocus
              autoComplete="off"
              spellCheck={false}
              placeholder="XXXX-XXXX-XXXX-XXXX"
              value={code}
              maxLength={19}
              aria-label="激活码"
              onChange={(e) => {
                setCode(formatCodeInput(e.target.value));
                if (mutation.isError) mutation.reset();
              }}
              onPressEnter={submit}
            />
          </Form.Item>
          <p className={styles.codeHelp}>
            激活码为 16 位字母和数字，印在教材包装或购书凭证上，每个激活码只能使用一次。
          </p>
          <Button type="primary" block size="large" loading={mutation.isPending} onClick={submit}>
            立即激活
          </Button>
        </Form>
      )}
    </Modal>
  );
}

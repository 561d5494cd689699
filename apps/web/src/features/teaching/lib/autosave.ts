/**
 * Autosave of answers (docs/teaching.md, Answering): each change waits `delayMs` of quiet per
 * question before it is sent, only the latest draft of a question is sent, one save per question
 * runs at a time, and `flush()` sends everything still waiting (before submitting). A failed save
 * stays pending and is retried by the next change or flush.
 */
import { sameDraft, type AnswerDraft } from './answers';

export type SaveState = 'idle' | 'waiting' | 'saving' | 'saved' | 'error';

export interface AutosaveOptions {
  /** Sends one question's answer; rejects on failure. */
  save(questionId: number, draft: AnswerDraft): Promise<void>;
  /** Quiet time before a change is sent, ms. */
  delayMs?: number;
  /** Called whenever the overall state changes. */
  onState?(state: SaveState): void;
}

export class AutosaveQueue {
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly waiting = new Map<number, AnswerDraft>();
  private readonly saved = new Map<number, AnswerDraft>();
  private readonly running = new Map<number, Promise<void>>();
  private failed = false;
  private readonly delayMs: number;

  constructor(private readonly options: AutosaveOptions) {
    this.delayMs = options.delayMs ?? 1200;
  }

  /** Records what the server already holds, so an unchanged draft is never sent again. */
  seed(questionId: number, draft: AnswerDraft): void {
    this.saved.set(questionId, draft);
  }

  /** A change of one question's answer: (re)starts its quiet timer. */
  change(questionId: number, draft: AnswerDraft): void {
    const timer = this.timers.get(questionId);
    if (timer) clearTimeout(timer);
    if (sameDraft(this.saved.get(questionId), draft)) {
      this.waiting.delete(questionId);
      this.timers.delete(questionId);
      this.emit();
      return;
    }
    this.waiting.set(questionId, draft);
    this.timers.set(
      questionId,
      setTimeout(() => void this.send(questionId), this.delayMs),
    );
    this.emit();
  }

  /** Sends every waiting answer now; resolves when all are saved, rejects if one fails. */
  async flush(): Promise<void> {
    for (const [id, timer] of this.timers) {
      clearTimeout(timer);
      this.timers.delete(id);
    }
    await Promise.all([...this.waiting.keys()].map((id) => this.send(id)));
    await Promise.all([...this.running.values()]);
    if (this.waiting.size > 0) throw new Error('有答案未能保存，请检查网络后重试');
  }

  /** Stops the timers (the screen is left); nothing more is sent. */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** The overall state: something waiting or saving, the last save failed, or all saved. */
  state(): SaveState {
    if (this.running.size > 0) return 'saving';
    if (this.failed) return 'error';
    if (this.waiting.size > 0) return 'waiting';
    return this.saved.size > 0 ? 'saved' : 'idle';
  }

  private async send(questionId: number): Promise<void> {
    this.timers.delete(questionId);
    // One save per question at a time: a newer draft waits for the running one, then goes.
    const previous = this.running.get(questionId);
    if (previous) await previous.catch(() => undefined);
    const draft = this.waiting.get(questionId);
    if (!draft) return;
    this.waiting.delete(questionId);
    const run = this.options.save(questionId, draft).then(
      () => {
        this.saved.set(questionId, draft);
        this.failed = false;
      },
      () => {
        // Keep it for the next change or flush, unless a newer draft arrived meanwhile.
        if (!this.waiting.has(questionId)) this.waiting.set(questionId, draft);
        this.failed = true;
      },
    );
    this.running.set(questionId, run);
    this.emit();
    await run;
    if (this.running.get(questionId) === run) this.running.delete(questionId);
    this.emit();
  }

  private emit(): void {
    this.options.onState?.(this.state());
  }
}

/**
 * 朗读 (read aloud): a small controller around the Web Speech API that speaks a page's sentences
 * (`sentences.ts`) one utterance per sentence, so the reader can highlight the sentence being read
 * and turn the page when the page is done, and the choice of a Chinese voice.
 */
import type { TextRange } from './page-text';
import { splitSentences, type Sentence } from './sentences';

export { SENTENCE_MAX, splitSentences, type Sentence } from './sentences';

/** The voice for Chinese text: zh-CN (or zh-Hans, cmn-CN) first, then any other Chinese; the default among equals. */
export function pickChineseVoice<V extends { lang: string; default?: boolean }>(voices: readonly V[]): V | null {
  const rank = (v: V) => {
    const lang = v.lang.replace(/_/g, '-').toLowerCase();
    if (/^(zh|cmn)-(hans-)?cn$|^(zh|cmn)-hans\b/.test(lang)) return 0;
    if (/^(zh|cmn)\b/.test(lang)) return /-(hk|mo)$|yue/.test(lang) ? 2 : 1;
    return 3;
  };
  let best: V | null = null;
  for (const v of voices) {
    const r = rank(v);
    if (r < 3 && (!best || r < rank(best) || (r === rank(best) && v.default && !best.default))) best = v;
  }
  return best;
}

/** Reading speeds the reader offers. */
export type ReadingRate = 0.75 | 1 | 1.25;
export const READING_RATES: readonly ReadingRate[] = [0.75, 1, 1.25];

/** What the controller uses of a SpeechSynthesisUtterance. */
export interface UtteranceLike {
  text: string;
  lang: string;
  rate: number;
  voice: SpeechSynthesisVoice | null;
  /** Handlers typed loosely so that the browser's utterance fits; the controller reads `error` of the error event. */
  onend: ((event: never) => void) | null;
  onerror: ((event: never) => void) | null;
}

/** What the controller uses of `window.speechSynthesis`. */
export interface SpeechSynthesisLike {
  speak(utterance: UtteranceLike): void;
  cancel(): void;
}

export interface ReaderOptions {
  synth: SpeechSynthesisLike;
  /** The voice (pickChineseVoice); null lets the browser choose one for zh-CN. */
  voice: SpeechSynthesisVoice | null;
  rate?: ReadingRate;
  /** A sentence starts being spoken: its index and range in the text given to `play`. */
  onSentence?(index: number, range: TextRange): void;
  /** The last sentence was spoken (not called after stop or pause). */
  onEnd?(): void;
  /** Speaking failed (the Web Speech error code, e.g. 'not-allowed', 'synthesis-failed'); reading stopped. */
  onError?(error: string): void;
  /** Makes an utterance (default: `new SpeechSynthesisUtterance`). */
  createUtterance?(text: string): UtteranceLike;
}

export type ReaderState = 'idle' | 'playing' | 'paused';

export interface ReadAloud {
  /** Reads `text` from sentence `from` (default 0); answers its sentences. Calls onEnd at once when there is nothing to read. */
  play(text: string, from?: number): Sentence[];
  /** Stops speaking and keeps the place; `resume` reads the current sentence again from its start. */
  pause(): void;
  resume(): void;
  /** Stops reading. */
  stop(): void;
  /** Changes the speed; while playing, the current sentence starts again at the new speed. */
  setRate(rate: ReadingRate): void;
  readonly state: ReaderState;
}

/**
 * A read-aloud controller. Pausing cancels the utterance rather than calling `synth.pause()`,
 * which some mobile browsers treat as stop and some voices ignore; events of a cancelled utterance
 * are ignored. The utterance being spoken is kept referenced, or Chrome may collect it and never
 * fire its end.
 */
export function createReader(options: ReaderOptions): ReadAloud {
  const { synth, voice, onSentence, onEnd, onError } = options;
  const make = options.createUtterance ?? ((text: string) => new SpeechSynthesisUtterance(text));
  let rate: ReadingRate = options.rate ?? 1;
  let sentences: Sentence[] = [];
  let index = 0;
  let state: ReaderState = 'idle';
  let turn = 0;
  let current: UtteranceLike | null = null;

  const silence = () => {
    turn += 1;
    if (current) current.onend = current.onerror = null;
    current = null;
    synth.cancel();
  };
  const speakCurrent = () => {
    const mine = ++turn;
    while (index < sentences.length && sentences[index]!.text.trim() === '') index++;
    const sentence = sentences[index];
    if (!sentence) {
      state = 'idle';
      current = null;
      onEnd?.();
      return;
    }
    const u = make(sentence.text);
    u.lang = voice?.lang ?? 'zh-CN';
    u.voice = voice;
    u.rate = rate;
    u.onend = () => {
      if (mine !== turn) return;
      index += 1;
      speakCurrent();
    };
    u.onerror = (event: { error?: string }) => {
      if (mine !== turn || event.error === 'interrupted' || event.error === 'canceled') return;
      state = 'idle';
      silence();
      onError?.(event.error ?? 'unknown');
    };
    current = u;
    onSentence?.(index, { start: sentence.start, end: sentence.end });
    // The UI may have stopped or paused from onSentence.
    if (mine === turn) synth.speak(u);
  };

  return {
    play(text, from = 0) {
      silence();
      sentences = splitSentences(text);
      index = Math.max(0, Math.trunc(from) || 0);
      state = 'playing';
      speakCurrent();
      return sentences;
    },
    pause() {
      if (state !== 'playing') return;
      state = 'paused';
      silence();
    },
    resume() {
      if (state !== 'paused') return;
      state = 'playing';
      speakCurrent();
    },
    stop() {
      if (state === 'idle') return;
      state = 'idle';
      silence();
    },
    setRate(next) {
      rate = next;
      if (state !== 'playing') return;
      silence();
      speakCurrent();
    },
    get state() {
      return state;
    },
  };
}

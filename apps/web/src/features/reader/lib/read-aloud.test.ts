import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createReader, pickChineseVoice, type SpeechSynthesisLike, type UtteranceLike } from './read-aloud';

describe('pickChineseVoice', () => {
  const v = (lang: string, name = lang, isDefault = false) => ({ lang, name, default: isDefault });

  it('prefers zh-CN, then other Chinese, and the default among equals', () => {
    expect(pickChineseVoice([v('en-US'), v('zh-TW'), v('zh-CN')])?.name).toBe('zh-CN');
    expect(pickChineseVoice([v('zh_CN', 'a'), v('zh-CN', 'b', true)])?.name).toBe('b');
    expect(pickChineseVoice([v('cmn-Hans-CN'), v('zh-TW')])?.name).toBe('cmn-Hans-CN');
    expect(pickChineseVoice([v('zh-HK'), v('zh-TW'), v('en-GB')])?.name).toBe('zh-TW');
    expect(pickChineseVoice([v('en-US', 'x', true), v('zh-HK')])?.name).toBe('zh-HK');
    expect(pickChineseVoice([v('en-US'), v('ja-JP')])).toBeNull();
    expect(pickChineseVoice([])).toBeNull();
  });
});

/** An utterance the fake speaks. */
class FakeUtterance {
  lang = '';
  rate = 1;
  voice: SpeechSynthesisVoice | null = null;
  onend: (() => void) | null = null;
  onerror: ((event: { error?: string }) => void) | null = null;
  constructor(public text: string) {}
}

/**
 * speechSynthesis as browsers behave: one utterance at a time; cancel() makes the one being
 * spoken report 'interrupted' a moment later.
 */
class FakeSynth implements SpeechSynthesisLike {
  spoken: FakeUtterance[] = [];
  current: FakeUtterance | null = null;
  cancel = vi.fn(() => {
    const u = this.current;
    this.current = null;
    const onerror = u?.onerror;
    if (onerror) queueMicrotask(() => onerror({ error: 'interrupted' }));
  });
  speak(u: FakeUtterance) {
    this.spoken.push(u);
    this.current = u;
  }
  /** The current utterance ends. */
  finish() {
    const u = this.current;
    this.current = null;
    u?.onend?.();
  }
  fail(error: string) {
    this.current?.onerror?.({ error });
  }
}

function setUp(rate?: 0.75 | 1 | 1.25) {
  const synth = new FakeSynth();
  const onSentence = vi.fn();
  const onEnd = vi.fn();
  const onError = vi.fn();
  const voice = { lang: 'zh-CN', name: '普通话' } as SpeechSynthesisVoice;
  const reader = createReader({
    synth,
    voice,
    rate,
    onSentence,
    onEnd,
    onError,
    createUtterance: (text) => new FakeUtterance(text),
  });
  return { synth, reader, onSentence, onEnd, onError };
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('createReader', () => {
  it('accepts the browser’s speechSynthesis and utterances', () => {
    expectTypeOf<SpeechSynthesis>().toExtend<SpeechSynthesisLike>();
    expectTypeOf<SpeechSynthesisUtterance>().toExtend<UtteranceLike>();
  });

  it('speaks one utterance per sentence, reports each, and ends', () => {
    const { synth, reader, onSentence, onEnd } = setUp(1.25);
    const sentences = reader.play('第一句。第二句！');
    expect(sentences).toHaveLength(2);
    expect(reader.state).toBe('playing');
    expect(synth.spoken.map((u) => [u.text, u.lang, u.rate, u.voice?.name])).toEqual([
      ['第一句。', 'zh-CN', 1.25, '普通话'],
    ]);
    expect(onSentence).toHaveBeenLastCalledWith(0, { start: 0, end: 4 });
    synth.finish();
    expect(synth.spoken.at(-1)!.text).toBe('第二句！');
    expect(onSentence).toHaveBeenLastCalledWith(1, { start: 4, end: 8 });
    expect(onEnd).not.toHaveBeenCalled();
    synth.finish();
    expect(onEnd).toHaveBeenCalledOnce();
    expect(reader.state).toBe('idle');
  });

  it('starts from a given sentence and skips blank ones', () => {
    const { synth, reader, onSentence, onEnd } = setUp();
    reader.play('一。二。三。', 1);
    expect(synth.spoken.map((u) => u.text)).toEqual(['二。']);
    expect(onSentence).toHaveBeenCalledWith(1, { start: 2, end: 4 });
    reader.play('   ');
    expect(onEnd).toHaveBeenCalledOnce();
    expect(reader.state).toBe('idle');
  });

  it('pauses by cancelling and resumes the same sentence from its start', async () => {
    const { synth, reader, onSentence, onEnd, onError } = setUp();
    reader.play('甲。乙。');
    synth.finish();
    reader.pause();
    expect(reader.state).toBe('paused');
    expect(synth.cancel).toHaveBeenCalled();
    await flush();
    expect(onError).not.toHaveBeenCalled();
    reader.resume();
    expect(reader.state).toBe('playing');
    expect(synth.spoken.map((u) => u.text)).toEqual(['甲。', '乙。', '乙。']);
    expect(onSentence).toHaveBeenLastCalledWith(1, { start: 2, end: 4 });
    synth.finish();
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('ignores the events of cancelled utterances after stop', async () => {
    const { synth, reader, onEnd, onError } = setUp();
    reader.play('甲。乙。');
    const first = synth.spoken[0]!;
    reader.stop();
    expect(reader.state).toBe('idle');
    await flush();
    first.onend?.();
    expect(synth.spoken).toHaveLength(1);
    expect(onEnd).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    reader.resume();
    expect(synth.spoken).toHaveLength(1);
  });

  it('restarts the current sentence at a new rate', () => {
    const { synth, reader } = setUp();
    reader.play('甲。乙。');
    reader.setRate(0.75);
    expect(synth.spoken.map((u) => [u.text, u.rate])).toEqual([
      ['甲。', 1],
      ['甲。', 0.75],
    ]);
    synth.finish();
    expect(synth.spoken.at(-1)!.rate).toBe(0.75);
  });

  it('stops and reports a speech error', () => {
    const { synth, reader, onError, onEnd } = setUp();
    reader.play('甲。乙。');
    synth.fail('not-allowed');
    expect(onError).toHaveBeenCalledWith('not-allowed');
    expect(reader.state).toBe('idle');
    expect(synth.spoken).toHaveLength(1);
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('speaks nothing when the UI stops from onSentence', () => {
    const { synth, reader, onSentence } = setUp();
    onSentence.mockImplementation(() => reader.stop());
    reader.play('甲。乙。');
    expect(synth.spoken).toHaveLength(0);
    expect(reader.state).toBe('idle');
  });

  it('plays a new text in place of the one being read', async () => {
    const { synth, reader, onEnd } = setUp();
    reader.play('旧的一页。');
    reader.play('新的一页。');
    await flush();
    expect(synth.spoken.map((u) => u.text)).toEqual(['旧的一页。', '新的一页。']);
    synth.finish();
    expect(onEnd).toHaveBeenCalledOnce();
  });
});

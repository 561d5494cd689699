/**
 * A question as the student reads it: shared reading material, the stem, and (for reading only,
 * not for answering) the options, all Markdown + TeX through the rich-text renderer. No antd and
 * no antd-mobile here: desktop and H5 screens both use it.
 */
import { useEffect, useRef, useState } from 'react';
import { LazyRichText } from '@/components/rich-text';
import './question-text.css';

/** What the answering screens need of a question (a subset of the contract's question shapes). */
export interface AnswerQuestion {
  id: number;
  type: string;
  stem: string;
  options: { key: string; text: string }[] | null;
  passage: string | null;
  /** The server's input kind when it sends one (see answerKindOf). */
  kind?: string | null;
  blankCount?: number | null;
  score?: number | null;
}

export function QuestionText({
  question,
  index,
  showOptions = false,
}: {
  question: Pick<AnswerQuestion, 'stem' | 'passage' | 'options'>;
  /** 1-based number shown before the stem. */
  index?: number;
  showOptions?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const wide = useOverflow(ref);
  return (
    <div
      ref={ref}
      className="eav-teach-q"
      // A question wider than the screen (a long formula) scrolls; keyboard users reach it by Tab (WCAG 2.1.1).
      tabIndex={wide ? 0 : undefined}
      role={wide ? 'region' : undefined}
      aria-label={wide ? (index !== undefined ? `第 ${index} 题题目` : '题目') : undefined}
    >
      {question.passage && <LazyRichText className="eav-teach-q__passage" source={question.passage} />}
      <div className="eav-teach-q__stem">
        {index !== undefined && <span className="eav-teach-q__no">{index}.</span>}
        <LazyRichText source={question.stem} />
      </div>
      {showOptions && question.options && question.options.length > 0 && (
        <ul className="eav-teach-q__options">
          {question.options.map((o) => (
            <li key={o.key}>
              <span className="eav-teach-q__key">{o.key}.</span> <LazyRichText inline source={o.text} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Whether the element's content overflows the element (re-checked as the rendering changes). */
function useOverflow(ref: React.RefObject<HTMLElement | null>): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Any overflow at all, on either axis, makes the box scrollable (overflow-x: auto turns the
    // other axis to auto as well, and a formula's depth can overflow it by a pixel), so it must then
    // be reachable by keyboard.
    const check = () => setWide(el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
    check();
    // Formulas render after their chunk loads (mutations); panels and fonts change the width (resize).
    const mo = new MutationObserver(check);
    mo.observe(el, { childList: true, subtree: true, characterData: true });
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => {
      mo.disconnect();
      ro.disconnect();
    };
  }, [ref]);
  return wide;
}

/** An option's label in an answer input: the key and its Markdown + TeX text. */
export function OptionLabel({ option }: { option: { key: string; text: string } }) {
  return (
    <span className="eav-teach-opt">
      <span className="eav-teach-q__key">{option.key}.</span> <LazyRichText inline source={option.text} />
    </span>
  );
}

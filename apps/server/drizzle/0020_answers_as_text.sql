-- Question answers are text or arrays of text (the contract's questionDetail.answer). Rows written
-- while Drizzle's jsonb column parsed stored strings a second time (a fill-in answer "1" read as the
-- number 1) can hold JSON numbers: copies of bank questions in homework items and the 错题本 were
-- written from such reads. Numbers and booleans become their text, null the empty text, in the
-- question table and in every stored question snapshot; strings and arrays of strings stay as they are.
CREATE FUNCTION eav_answer_as_text(a jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(a)
    WHEN 'string' THEN a
    WHEN 'array' THEN COALESCE(
      (SELECT jsonb_agg(
          CASE jsonb_typeof(e)
            WHEN 'string' THEN e
            WHEN 'null' THEN '""'::jsonb
            WHEN 'number' THEN to_jsonb(e #>> '{}')
            WHEN 'boolean' THEN to_jsonb(e #>> '{}')
            ELSE to_jsonb(e::text)
          END ORDER BY i)
        FROM jsonb_array_elements(a) WITH ORDINALITY AS t(e, i)),
      '[]'::jsonb)
    WHEN 'null' THEN '""'::jsonb
    WHEN 'number' THEN to_jsonb(a #>> '{}')
    WHEN 'boolean' THEN to_jsonb(a #>> '{}')
    ELSE to_jsonb(a::text)
  END
$$;
--> statement-breakpoint
UPDATE "questions" SET "answer" = eav_answer_as_text("answer")
WHERE "answer" IS DISTINCT FROM eav_answer_as_text("answer");
--> statement-breakpoint
UPDATE "teaching_items" SET "question" = jsonb_set("question", '{answer}', eav_answer_as_text("question" -> 'answer'))
WHERE "question" ? 'answer' AND "question" -> 'answer' IS DISTINCT FROM eav_answer_as_text("question" -> 'answer');
--> statement-breakpoint
UPDATE "teaching_wrong_questions" SET "question" = jsonb_set("question", '{answer}', eav_answer_as_text("question" -> 'answer'))
WHERE "question" ? 'answer' AND "question" -> 'answer' IS DISTINCT FROM eav_answer_as_text("question" -> 'answer');
--> statement-breakpoint
DROP FUNCTION eav_answer_as_text(jsonb);

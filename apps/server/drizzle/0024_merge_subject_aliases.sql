-- 学科 aliases (seed/dictionaries.ts, DICTIONARY_ALIASES): imports file 生物 under the official 生物学, but a
-- database filled before that rule may hold both entries. Every reference to the alias moves to the official
-- entry and the alias row goes; with only the alias present it is renamed. Idempotent: a database without
-- the alias is left as it is. The 学段 → 学科 pairs and knowledge points present under both subjects (unique
-- per stage, subject and path) are merged first; every other column referencing the dictionary is updated
-- through its foreign key, so tables added later are covered too.
DO $$
DECLARE
  pair record;
  twin record;
  fk record;
BEGIN
  FOR pair IN
    SELECT a.id AS alias_id, o.id AS official_id, v.official
    FROM (VALUES ('生物', '生物学')) AS v(alias, official)
    JOIN dictionary a ON a.kind = 'subject' AND a.name = v.alias
    LEFT JOIN dictionary o ON o.kind = 'subject' AND o.name = v.official
  LOOP
    IF pair.official_id IS NULL THEN
      UPDATE dictionary SET name = pair.official WHERE id = pair.alias_id;
      CONTINUE;
    END IF;

    INSERT INTO stage_subject (stage_id, subject_id)
      SELECT stage_id, pair.official_id FROM stage_subject WHERE subject_id = pair.alias_id
      ON CONFLICT DO NOTHING;
    DELETE FROM stage_subject WHERE subject_id = pair.alias_id;

    FOR twin IN
      SELECT ka.id AS alias_kp, ko.id AS official_kp
      FROM knowledge_points ka
      JOIN knowledge_points ko ON ko.stage_id = ka.stage_id AND ko.path = ka.path AND ko.subject_id = pair.official_id
      WHERE ka.subject_id = pair.alias_id
    LOOP
      UPDATE knowledge_points SET parent_id = twin.official_kp WHERE parent_id = twin.alias_kp;
      INSERT INTO question_knowledge_points (question_id, knowledge_point_id)
        SELECT question_id, twin.official_kp FROM question_knowledge_points WHERE knowledge_point_id = twin.alias_kp
        ON CONFLICT DO NOTHING;
      INSERT INTO chapter_knowledge_points (chapter_id, knowledge_point_id)
        SELECT chapter_id, twin.official_kp FROM chapter_knowledge_points WHERE knowledge_point_id = twin.alias_kp
        ON CONFLICT DO NOTHING;
      DELETE FROM knowledge_points WHERE id = twin.alias_kp;
    END LOOP;

    FOR fk IN
      SELECT c.conrelid::regclass AS tbl, att.attname AS col
      FROM pg_constraint c
      JOIN pg_attribute att ON att.attrelid = c.conrelid AND att.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = 'dictionary'::regclass AND cardinality(c.conkey) = 1
        AND c.conrelid <> 'dictionary'::regclass
    LOOP
      EXECUTE format('UPDATE %s SET %I = $1 WHERE %I = $2', fk.tbl, fk.col, fk.col) USING pair.official_id, pair.alias_id;
    END LOOP;

    DELETE FROM dictionary WHERE id = pair.alias_id;
  END LOOP;
END $$;

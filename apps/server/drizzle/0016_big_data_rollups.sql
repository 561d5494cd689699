-- 大数据中心 rollups (docs/big-data.md, Rollups). Statement-level triggers append aggregated deltas of
-- the source tables to big_data_deltas in the writer's own transaction; big_data_fold() consumes the
-- committed deltas (DELETE ... RETURNING, so each delta row is folded by exactly one transaction)
-- and adds them into the rollups with INSERT ... ON CONFLICT DO UPDATE, under a transaction-level
-- advisory lock taken by the caller. The overview then reads only rollups and small catalogue tables.
-- No delta or rollup row holds personal data except big_data_active_users, big_data_reader_days and
-- big_data_reader_stages (user ids for distinct counts), which the account erasure clears.
CREATE TABLE "big_data_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	-- progress | active | reading | activation | download | registered | profile | rebuild
	"kind" text NOT NULL,
	"day" date,
	"textbook_id" integer,
	"stage_id" integer,
	"user_id" integer,
	"resource_id" integer,
	"region" text,
	"n" bigint DEFAULT 0 NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "big_data_deltas_user_idx" ON "big_data_deltas" ("user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
-- Readers (reading_progress rows) per book.
CREATE TABLE "big_data_book_readers" ("textbook_id" integer PRIMARY KEY NOT NULL, "readers" bigint NOT NULL);
--> statement-breakpoint
-- Activations by code per Beijing day.
CREATE TABLE "big_data_activations" ("day" date PRIMARY KEY NOT NULL, "n" bigint NOT NULL);
--> statement-breakpoint
-- Downloads per resource (a user's download of a resource counts once a day).
CREATE TABLE "big_data_downloads" ("resource_id" integer PRIMARY KEY NOT NULL, "n" bigint NOT NULL);
--> statement-breakpoint
-- Users not cancelled per profile 地区 ('' = none).
CREATE TABLE "big_data_users_by_region" ("region" text PRIMARY KEY NOT NULL, "n" bigint NOT NULL);
--> statement-breakpoint
-- Reading credited per Beijing day (seconds, distinct readers) and per book (seconds).
CREATE TABLE "big_data_reading_days" (
	"day" date PRIMARY KEY NOT NULL,
	"seconds" bigint DEFAULT 0 NOT NULL,
	"readers" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "big_data_reading_books" ("textbook_id" integer PRIMARY KEY NOT NULL, "seconds" bigint NOT NULL);
--> statement-breakpoint
-- Distinct readers per 学段 of the book.
CREATE TABLE "big_data_stage_readers" ("stage_id" integer PRIMARY KEY NOT NULL, "readers" bigint NOT NULL);
--> statement-breakpoint
-- Reference counts behind the distinct readers: reading-time rows per (day, user) and (stage, user).
CREATE TABLE "big_data_reader_days" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "big_data_reader_days_pk" PRIMARY KEY ("day", "user_id")
);
--> statement-breakpoint
CREATE INDEX "big_data_reader_days_user_idx" ON "big_data_reader_days" ("user_id");
--> statement-breakpoint
CREATE TABLE "big_data_reader_stages" (
	"stage_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "big_data_reader_stages_pk" PRIMARY KEY ("stage_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "big_data_reader_stages_user_idx" ON "big_data_reader_stages" ("user_id");
--> statement-breakpoint
-- Active users (reading progress saved on a Beijing day): each user's last such day and current
-- 地区, and the number of users per (地区, last active day), so "active in the last 30 days per
-- region" is a sum over 30 days.
CREATE TABLE "big_data_active_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"region" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "big_data_active_by_region" (
	"region" text NOT NULL,
	"day" date NOT NULL,
	"users" bigint NOT NULL,
	CONSTRAINT "big_data_active_by_region_pk" PRIMARY KEY ("region", "day")
);
--> statement-breakpoint
-- Triggers: one per table and event (transition tables allow a single event per trigger).
CREATE FUNCTION big_data_progress_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO big_data_deltas (kind, textbook_id, n)
			SELECT 'progress', textbook_id, count(*) FROM new_rows GROUP BY textbook_id;
		INSERT INTO big_data_deltas (kind, user_id, day)
			SELECT 'active', user_id, max((updated_at AT TIME ZONE 'Asia/Shanghai')::date) FROM new_rows GROUP BY user_id;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO big_data_deltas (kind, textbook_id, n)
			SELECT 'progress', textbook_id, -count(*) FROM old_rows GROUP BY textbook_id;
	ELSE
		-- A page turn: only a new Beijing day of activity is news.
		INSERT INTO big_data_deltas (kind, user_id, day)
			SELECT 'active', n.user_id, max((n.updated_at AT TIME ZONE 'Asia/Shanghai')::date)
			FROM new_rows n JOIN old_rows o ON o.user_id = n.user_id AND o.textbook_id = n.textbook_id
			WHERE (n.updated_at AT TIME ZONE 'Asia/Shanghai')::date > (o.updated_at AT TIME ZONE 'Asia/Shanghai')::date
			GROUP BY n.user_id;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER big_data_progress_ins AFTER INSERT ON reading_progress REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_progress_delta();
--> statement-breakpoint
CREATE TRIGGER big_data_progress_upd AFTER UPDATE ON reading_progress REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_progress_delta();
--> statement-breakpoint
CREATE TRIGGER big_data_progress_del AFTER DELETE ON reading_progress REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_progress_delta();
--> statement-breakpoint
CREATE FUNCTION big_data_reading_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO big_data_deltas (kind, day, textbook_id, stage_id, user_id, n, seconds)
			SELECT 'reading', r.day, r.textbook_id, t.stage_id, r.user_id, count(*), sum(r.seconds)
			FROM new_rows r LEFT JOIN textbooks t ON t.id = r.textbook_id
			GROUP BY r.day, r.textbook_id, t.stage_id, r.user_id;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO big_data_deltas (kind, day, textbook_id, stage_id, user_id, n, seconds)
			SELECT 'reading', r.day, r.textbook_id, t.stage_id, r.user_id, -count(*), -sum(r.seconds)
			FROM old_rows r LEFT JOIN textbooks t ON t.id = r.textbook_id
			GROUP BY r.day, r.textbook_id, t.stage_id, r.user_id;
	ELSE
		INSERT INTO big_data_deltas (kind, day, textbook_id, stage_id, user_id, n, seconds)
			SELECT 'reading', r.day, r.textbook_id, t.stage_id, r.user_id, sum(r.n), sum(r.seconds)
			FROM (SELECT day, textbook_id, user_id, 1 AS n, seconds::bigint AS seconds FROM new_rows
				UNION ALL SELECT day, textbook_id, user_id, -1, -seconds::bigint FROM old_rows) r
			LEFT JOIN textbooks t ON t.id = r.textbook_id
			GROUP BY r.day, r.textbook_id, t.stage_id, r.user_id
			HAVING sum(r.n) <> 0 OR sum(r.seconds) <> 0;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER big_data_reading_ins AFTER INSERT ON prize_reading_time REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_reading_delta();
--> statement-breakpoint
CREATE TRIGGER big_data_reading_upd AFTER UPDATE ON prize_reading_time REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_reading_delta();
--> statement-breakpoint
CREATE TRIGGER big_data_reading_del AFTER DELETE ON prize_reading_time REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_reading_delta();
--> statement-breakpoint
CREATE FUNCTION big_data_activation_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO big_data_deltas (kind, day, n)
		SELECT 'activation', (activated_at AT TIME ZONE 'Asia/Shanghai')::date, count(*) FROM new_rows WHERE source = 'code' GROUP BY 2;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION big_data_activation_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO big_data_deltas (kind, day, n)
		SELECT 'activation', (activated_at AT TIME ZONE 'Asia/Shanghai')::date, -count(*) FROM old_rows WHERE source = 'code' GROUP BY 2;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION big_data_activation_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO big_data_deltas (kind, day, n)
		SELECT 'activation', day, sum(n) FROM (
			SELECT (activated_at AT TIME ZONE 'Asia/Shanghai')::date AS day, 1 AS n FROM new_rows WHERE source = 'code'
			UNION ALL
			SELECT (activated_at AT TIME ZONE 'Asia/Shanghai')::date, -1 FROM old_rows WHERE source = 'code'
		) x GROUP BY day HAVING sum(n) <> 0;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER big_data_activation_ins AFTER INSERT ON user_textbooks REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_activation_ins();
--> statement-breakpoint
CREATE TRIGGER big_data_activation_upd AFTER UPDATE ON user_textbooks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_activation_upd();
--> statement-breakpoint
CREATE TRIGGER big_data_activation_del AFTER DELETE ON user_textbooks REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_activation_del();
--> statement-breakpoint
CREATE FUNCTION big_data_download_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO big_data_deltas (kind, resource_id, n)
		SELECT 'download', resource_id, count(*) FROM new_rows WHERE kind = 'download' GROUP BY resource_id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION big_data_download_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO big_data_deltas (kind, resource_id, n)
		SELECT 'download', resource_id, -count(*) FROM old_rows WHERE kind = 'download' GROUP BY resource_id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION big_data_download_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO big_data_deltas (kind, resource_id, n)
		SELECT 'download', resource_id, sum(n) FROM (
			SELECT resource_id, 1 AS n FROM new_rows WHERE kind = 'download'
			UNION ALL SELECT resource_id, -1 FROM old_rows WHERE kind = 'download'
		) x GROUP BY resource_id HAVING sum(n) <> 0;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER big_data_download_ins AFTER INSERT ON resource_events REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_download_ins();
--> statement-breakpoint
CREATE TRIGGER big_data_download_upd AFTER UPDATE ON resource_events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_download_upd();
--> statement-breakpoint
CREATE TRIGGER big_data_download_del AFTER DELETE ON resource_events REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_download_del();
--> statement-breakpoint
CREATE FUNCTION big_data_users_ins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO big_data_deltas (kind, region, n)
		SELECT 'registered', coalesce(region, ''), count(*) FROM new_rows WHERE status <> 'cancelled' GROUP BY 2;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION big_data_users_del() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO big_data_deltas (kind, region, n)
		SELECT 'registered', coalesce(region, ''), -count(*) FROM old_rows WHERE status <> 'cancelled' GROUP BY 2;
	INSERT INTO big_data_deltas (kind, user_id)
		SELECT 'profile', o.id FROM old_rows o WHERE EXISTS (SELECT 1 FROM big_data_active_users a WHERE a.user_id = o.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION big_data_users_upd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Most updates (logins, settings) change neither the 地区 nor cancellation: nothing to add.
	INSERT INTO big_data_deltas (kind, region, n)
		SELECT 'registered', region, sum(n) FROM (
			SELECT coalesce(n.region, '') AS region, CASE WHEN n.status <> 'cancelled' THEN 1 ELSE 0 END AS n
				FROM new_rows n JOIN old_rows o ON o.id = n.id
				WHERE n.region IS DISTINCT FROM o.region OR (n.status = 'cancelled') <> (o.status = 'cancelled')
			UNION ALL
			SELECT coalesce(o.region, ''), CASE WHEN o.status <> 'cancelled' THEN -1 ELSE 0 END
				FROM new_rows n JOIN old_rows o ON o.id = n.id
				WHERE n.region IS DISTINCT FROM o.region OR (n.status = 'cancelled') <> (o.status = 'cancelled')
		) x GROUP BY region HAVING sum(n) <> 0;
	-- Only users counted as active need moving. (A user whose active row a running fold is adding
	-- is moved on their next day of activity, when the fold compares the 地区 again.) The account
	-- erasure removes the active row before the cancellation updates the row, so no delta keeps the
	-- id of a cancelled account.
	INSERT INTO big_data_deltas (kind, user_id)
		SELECT 'profile', n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
		WHERE (n.region IS DISTINCT FROM o.region OR (n.status = 'cancelled') <> (o.status = 'cancelled'))
			AND EXISTS (SELECT 1 FROM big_data_active_users a WHERE a.user_id = n.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER big_data_users_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_users_ins();
--> statement-breakpoint
CREATE TRIGGER big_data_users_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_users_upd();
--> statement-breakpoint
CREATE TRIGGER big_data_users_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_users_del();
--> statement-breakpoint
-- A book changing 学段 or leaving the catalogue moves readers between stages: rebuild at the next fold.
CREATE FUNCTION big_data_textbooks_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO big_data_deltas (kind) VALUES ('rebuild');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION big_data_textbooks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.stage_id IS DISTINCT FROM o.stage_id) THEN
		INSERT INTO big_data_deltas (kind) VALUES ('rebuild');
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER big_data_textbooks_upd AFTER UPDATE ON textbooks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_textbooks_changed();
--> statement-breakpoint
CREATE TRIGGER big_data_textbooks_del AFTER DELETE ON textbooks
	FOR EACH STATEMENT EXECUTE FUNCTION big_data_textbooks_deleted();
--> statement-breakpoint
-- Recomputes every rollup from the source tables (the first fill, and after a book changes 学段).
CREATE FUNCTION big_data_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM big_data_book_readers;
	INSERT INTO big_data_book_readers SELECT textbook_id, count(*) FROM reading_progress GROUP BY textbook_id;
	DELETE FROM big_data_activations;
	INSERT INTO big_data_activations
		SELECT (activated_at AT TIME ZONE 'Asia/Shanghai')::date, count(*) FROM user_textbooks WHERE source = 'code' GROUP BY 1;
	DELETE FROM big_data_downloads;
	INSERT INTO big_data_downloads SELECT resource_id, count(*) FROM resource_events WHERE kind = 'download' GROUP BY 1;
	DELETE FROM big_data_users_by_region;
	INSERT INTO big_data_users_by_region SELECT coalesce(region, ''), count(*) FROM users WHERE status <> 'cancelled' GROUP BY 1;
	DELETE FROM big_data_reader_days;
	INSERT INTO big_data_reader_days SELECT day, user_id, count(*) FROM prize_reading_time GROUP BY 1, 2;
	DELETE FROM big_data_reading_days;
	INSERT INTO big_data_reading_days
		SELECT r.day, r.s, d.n FROM (SELECT day, sum(seconds) s FROM prize_reading_time GROUP BY day) r
		JOIN (SELECT day, count(*) n FROM big_data_reader_days GROUP BY day) d ON d.day = r.day;
	DELETE FROM big_data_reading_books;
	INSERT INTO big_data_reading_books SELECT textbook_id, sum(seconds) FROM prize_reading_time GROUP BY 1;
	DELETE FROM big_data_reader_stages;
	INSERT INTO big_data_reader_stages
		SELECT t.stage_id, r.user_id, count(*) FROM prize_reading_time r JOIN textbooks t ON t.id = r.textbook_id
		WHERE t.stage_id IS NOT NULL GROUP BY 1, 2;
	DELETE FROM big_data_stage_readers;
	INSERT INTO big_data_stage_readers SELECT stage_id, count(*) FROM big_data_reader_stages GROUP BY 1;
	DELETE FROM big_data_active_users;
	INSERT INTO big_data_active_users
		SELECT p.user_id, p.day, coalesce(u.region, '') FROM (
			SELECT user_id, max((updated_at AT TIME ZONE 'Asia/Shanghai')::date) AS day FROM reading_progress GROUP BY 1
		) p JOIN users u ON u.id = p.user_id AND u.status <> 'cancelled';
	DELETE FROM big_data_active_by_region;
	INSERT INTO big_data_active_by_region SELECT region, day, count(*) FROM big_data_active_users GROUP BY 1, 2;
END $$;
--> statement-breakpoint
-- Folds the committed deltas into the rollups; answers how many delta rows it consumed. The caller
-- holds the advisory lock, so the reference counts are read and written by one fold at a time; the
-- DELETE ... RETURNING alone already guarantees a delta is consumed once. `p_rebuild` false leaves
-- rebuild requests for a fold in a snapshot of its own (the periodic refresher).
CREATE FUNCTION big_data_fold(p_rebuild boolean) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	consumed bigint;
BEGIN
	CREATE TEMP TABLE IF NOT EXISTS big_data_batch (LIKE big_data_deltas) ON COMMIT DELETE ROWS;
	DELETE FROM big_data_batch;
	WITH x AS (DELETE FROM big_data_deltas WHERE p_rebuild OR kind <> 'rebuild' RETURNING *)
		INSERT INTO big_data_batch SELECT * FROM x;
	GET DIAGNOSTICS consumed = ROW_COUNT;
	IF consumed = 0 THEN
		RETURN 0;
	END IF;
	IF EXISTS (SELECT 1 FROM big_data_batch WHERE kind = 'rebuild') THEN
		PERFORM big_data_rebuild();
		DELETE FROM big_data_batch;
		RETURN consumed;
	END IF;

	INSERT INTO big_data_book_readers AS r SELECT textbook_id, sum(n) FROM big_data_batch WHERE kind = 'progress' GROUP BY 1
		ON CONFLICT (textbook_id) DO UPDATE SET readers = r.readers + excluded.readers;
	INSERT INTO big_data_activations AS r SELECT day, sum(n) FROM big_data_batch WHERE kind = 'activation' GROUP BY 1
		ON CONFLICT (day) DO UPDATE SET n = r.n + excluded.n;
	INSERT INTO big_data_downloads AS r SELECT resource_id, sum(n) FROM big_data_batch WHERE kind = 'download' GROUP BY 1
		ON CONFLICT (resource_id) DO UPDATE SET n = r.n + excluded.n;
	INSERT INTO big_data_users_by_region AS r SELECT region, sum(n) FROM big_data_batch WHERE kind = 'registered' GROUP BY 1
		ON CONFLICT (region) DO UPDATE SET n = r.n + excluded.n;

	-- Reading: seconds add up; distinct readers move when a (day, user) or (stage, user) count
	-- crosses zero.
	INSERT INTO big_data_reading_books AS r SELECT textbook_id, sum(seconds) FROM big_data_batch WHERE kind = 'reading' GROUP BY 1
		ON CONFLICT (textbook_id) DO UPDATE SET seconds = r.seconds + excluded.seconds;
	WITH a AS (
		SELECT day, user_id, sum(n) AS n FROM big_data_batch WHERE kind = 'reading' GROUP BY 1, 2
	), p AS (
		SELECT a.day, a.user_id, coalesce(c.rows, 0) AS old, coalesce(c.rows, 0) + a.n AS new
		FROM a LEFT JOIN big_data_reader_days c ON c.day = a.day AND c.user_id = a.user_id
	), up AS (
		INSERT INTO big_data_reader_days AS c SELECT day, user_id, new FROM p WHERE new <> old
		ON CONFLICT (day, user_id) DO UPDATE SET rows = excluded.rows
	), s AS (
		SELECT day, sum(seconds) AS seconds FROM big_data_batch WHERE kind = 'reading' GROUP BY 1
	), m AS (
		SELECT day, sum((new > 0)::int - (old > 0)::int) AS readers FROM p GROUP BY 1
	)
	INSERT INTO big_data_reading_days AS r
		SELECT s.day, s.seconds, coalesce(m.readers, 0) FROM s LEFT JOIN m ON m.day = s.day
		ON CONFLICT (day) DO UPDATE SET seconds = r.seconds + excluded.seconds, readers = r.readers + excluded.readers;
	DELETE FROM big_data_reader_days WHERE rows <= 0;
	WITH a AS (
		SELECT stage_id, user_id, sum(n) AS n FROM big_data_batch WHERE kind = 'reading' AND stage_id IS NOT NULL GROUP BY 1, 2
	), p AS (
		SELECT a.stage_id, a.user_id, coalesce(c.rows, 0) AS old, coalesce(c.rows, 0) + a.n AS new
		FROM a LEFT JOIN big_data_reader_stages c ON c.stage_id = a.stage_id AND c.user_id = a.user_id
	), up AS (
		INSERT INTO big_data_reader_stages AS c SELECT stage_id, user_id, new FROM p WHERE new <> old
		ON CONFLICT (stage_id, user_id) DO UPDATE SET rows = excluded.rows
	)
	INSERT INTO big_data_stage_readers AS r
		SELECT stage_id, sum((new > 0)::int - (old > 0)::int) FROM p GROUP BY 1
		ON CONFLICT (stage_id) DO UPDATE SET readers = r.readers + excluded.readers;
	DELETE FROM big_data_reader_stages WHERE rows <= 0;

	-- Active users: a later day of activity moves the user to that day (in their current 地区).
	WITH a AS (
		SELECT user_id, max(day) AS day FROM big_data_batch WHERE kind = 'active' GROUP BY 1
	), c AS (
		SELECT a.user_id, a.day AS new_day, coalesce(u.region, '') AS new_region, x.day AS old_day, x.region AS old_region
		FROM a JOIN users u ON u.id = a.user_id AND u.status <> 'cancelled'
		LEFT JOIN big_data_active_users x ON x.user_id = a.user_id
		WHERE x.day IS NULL OR x.day < a.day OR x.region <> coalesce(u.region, '')
	), up AS (
		INSERT INTO big_data_active_users AS x SELECT user_id, greatest(new_day, coalesce(old_day, new_day)), new_region FROM c
		ON CONFLICT (user_id) DO UPDATE SET day = excluded.day, region = excluded.region
	), moves AS (
		SELECT old_region AS region, old_day AS day, -1 AS n FROM c WHERE old_day IS NOT NULL
		UNION ALL SELECT new_region, greatest(new_day, coalesce(old_day, new_day)), 1 FROM c
	)
	INSERT INTO big_data_active_by_region AS r SELECT region, day, sum(n) FROM moves GROUP BY 1, 2
		ON CONFLICT (region, day) DO UPDATE SET users = r.users + excluded.users;
	-- A changed 地区, a cancelled or deleted account: move or drop the user's active row.
	WITH p AS (
		SELECT DISTINCT user_id FROM big_data_batch WHERE kind = 'profile'
	), c AS (
		SELECT x.user_id, x.day, x.region AS old_region,
			CASE WHEN u.id IS NULL OR u.status = 'cancelled' THEN NULL ELSE coalesce(u.region, '') END AS new_region
		FROM p JOIN big_data_active_users x ON x.user_id = p.user_id LEFT JOIN users u ON u.id = p.user_id
	), c2 AS (
		SELECT * FROM c WHERE new_region IS DISTINCT FROM old_region
	), del AS (
		DELETE FROM big_data_active_users x USING c2 WHERE x.user_id = c2.user_id AND c2.new_region IS NULL
	), upd AS (
		UPDATE big_data_active_users x SET region = c2.new_region FROM c2 WHERE x.user_id = c2.user_id AND c2.new_region IS NOT NULL
	), moves AS (
		SELECT old_region AS region, day, -1 AS n FROM c2
		UNION ALL SELECT new_region, day, 1 FROM c2 WHERE new_region IS NOT NULL
	)
	INSERT INTO big_data_active_by_region AS r SELECT region, day, sum(n) FROM moves GROUP BY 1, 2
		ON CONFLICT (region, day) DO UPDATE SET users = r.users + excluded.users;

	-- Zero rows carry nothing (and an emptied 地区 no longer names anyone's).
	DELETE FROM big_data_book_readers WHERE readers = 0;
	DELETE FROM big_data_activations WHERE n = 0;
	DELETE FROM big_data_downloads WHERE n = 0;
	DELETE FROM big_data_users_by_region WHERE n = 0;
	DELETE FROM big_data_active_by_region WHERE users = 0;
	DELETE FROM big_data_stage_readers WHERE readers = 0;
	DELETE FROM big_data_batch;
	RETURN consumed;
END $$;
--> statement-breakpoint
SELECT big_data_rebuild();

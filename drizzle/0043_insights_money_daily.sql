CREATE TABLE "money_daily" (
	"day" date NOT NULL,
	"stream" text NOT NULL,
	"cause_key" integer NOT NULL,
	"cause" text NOT NULL,
	"gifts" integer NOT NULL,
	"pence" bigint NOT NULL,
	"aid_waiting_pence" bigint NOT NULL,
	"aid_claimed_pence" bigint NOT NULL,
	CONSTRAINT "money_daily_day_stream_cause_key_cause_pk" PRIMARY KEY("day","stream","cause_key","cause")
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE donations d SET offline = true WHERE EXISTS (SELECT 1 FROM offline_gifts o WHERE o.donation_id = d.id);
--> statement-breakpoint
-- money_daily follows donations (docs/decisions/250): a gift's amounts are taken off the
-- rows they were counted in and added to their new ones, in the gift's own transaction.
-- A gift counts on its Millbrook day: +amount, one gift, and its Gift Aid (25p a pound,
-- paid gifts with a declaration not cancelled by then) as waiting or claimed; a refunded
-- gift also counts -amount on the day of its refund. The stream is the gift's mode, or
-- 'offline' for a gift staff recorded by hand (donations.offline, kept from offline_gifts).
CREATE FUNCTION money_daily_put(p_day date, p_stream text, p_cause_key integer, p_cause text, p_gifts integer, p_pence bigint, p_waiting bigint, p_claimed bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_gifts = 0 AND p_pence = 0 AND p_waiting = 0 AND p_claimed = 0 THEN
    RETURN;
  END IF;
  INSERT INTO money_daily AS t (day, stream, cause_key, cause, gifts, pence, aid_waiting_pence, aid_claimed_pence)
  VALUES (p_day, p_stream, p_cause_key, p_cause, p_gifts, p_pence, p_waiting, p_claimed)
  ON CONFLICT (day, stream, cause_key, cause) DO UPDATE
    SET gifts = t.gifts + excluded.gifts, pence = t.pence + excluded.pence,
        aid_waiting_pence = t.aid_waiting_pence + excluded.aid_waiting_pence, aid_claimed_pence = t.aid_claimed_pence + excluded.aid_claimed_pence;
  DELETE FROM money_daily
  WHERE day = p_day AND stream = p_stream AND cause_key = p_cause_key AND cause = p_cause
    AND gifts = 0 AND pence = 0 AND aid_waiting_pence = 0 AND aid_claimed_pence = 0;
END;
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes off (sign -1) what one gift counts; `declared` says whether its
-- declaration was in force on the day of the gift.
CREATE FUNCTION money_daily_gift(d donations, p_sign integer, declared boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_stream text := CASE WHEN d.offline THEN 'offline' ELSE d.mode END;
  v_cause text := coalesce(d.cause_title, 'Where it is needed most');
  v_aid bigint := CASE WHEN d.status = 'paid' AND declared THEN (d.amount_pence / 4)::bigint ELSE 0 END;
BEGIN
  PERFORM money_daily_put((d.paid_at AT TIME ZONE 'Europe/London')::date, v_stream, coalesce(d.cause_id, 0), v_cause, p_sign, p_sign * d.amount_pence::bigint,
    CASE WHEN d.claim_id IS NULL THEN p_sign * v_aid ELSE 0 END, CASE WHEN d.claim_id IS NULL THEN 0 ELSE p_sign * v_aid END);
  IF d.status = 'refunded' AND d.refunded_at IS NOT NULL THEN
    PERFORM money_daily_put((d.refunded_at AT TIME ZONE 'Europe/London')::date, v_stream, coalesce(d.cause_id, 0), v_cause, 0, -p_sign * d.amount_pence::bigint, 0, 0);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION money_daily_declared(d donations) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT d.declaration_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM gift_aid_declarations g WHERE g.id = d.declaration_id AND (g.cancelled_at IS NULL OR g.cancelled_at > d.paid_at));
$$;
--> statement-breakpoint
CREATE FUNCTION money_daily_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM money_daily;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM money_daily_gift(OLD, -1, money_daily_declared(OLD));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM money_daily_gift(NEW, 1, money_daily_declared(NEW));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER money_daily_follow AFTER INSERT OR DELETE OR UPDATE OF amount_pence, mode, status, offline, cause_id, cause_title, declaration_id, claim_id, paid_at, refunded_at ON donations FOR EACH ROW EXECUTE FUNCTION money_daily_follow();
--> statement-breakpoint
CREATE TRIGGER money_daily_truncate AFTER TRUNCATE ON donations FOR EACH STATEMENT EXECUTE FUNCTION money_daily_follow();
--> statement-breakpoint
-- A declaration cancelled (or its cancellation moved or undone): the Gift Aid of each paid
-- gift it covered moves with it.
CREATE FUNCTION money_daily_declaration() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d donations;
BEGIN
  FOR d IN SELECT * FROM donations WHERE declaration_id = NEW.id AND status = 'paid' LOOP
    IF (OLD.cancelled_at IS NULL OR OLD.cancelled_at > d.paid_at) IS DISTINCT FROM (NEW.cancelled_at IS NULL OR NEW.cancelled_at > d.paid_at) THEN
      PERFORM money_daily_gift(d, -1, OLD.cancelled_at IS NULL OR OLD.cancelled_at > d.paid_at);
      PERFORM money_daily_gift(d, 1, NEW.cancelled_at IS NULL OR NEW.cancelled_at > d.paid_at);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER money_daily_declaration AFTER UPDATE OF cancelled_at ON gift_aid_declarations FOR EACH ROW EXECUTE FUNCTION money_daily_declaration();
--> statement-breakpoint
-- donations.offline follows offline_gifts (its donations trigger then moves the money).
-- When a gift is deleted its offline_gifts row goes by the foreign key: the gift is gone
-- already, so this changes nothing and the gift's own trigger takes it off 'offline'.
CREATE FUNCTION donations_offline_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE donations SET offline = true WHERE id = NEW.donation_id AND NOT offline;
  ELSE
    UPDATE donations SET offline = false WHERE id = OLD.donation_id AND offline;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER donations_offline_follow AFTER INSERT OR DELETE ON offline_gifts FOR EACH ROW EXECUTE FUNCTION donations_offline_follow();
--> statement-breakpoint
-- Backfill: every gift's rows in one statement (the flag was set before the triggers).
--> statement-breakpoint
INSERT INTO money_daily (day, stream, cause_key, cause, gifts, pence, aid_waiting_pence, aid_claimed_pence)
SELECT day, stream, cause_key, cause, sum(gifts)::int, sum(pence), sum(waiting), sum(claimed)
FROM (
  SELECT (d.paid_at AT TIME ZONE 'Europe/London')::date AS day, CASE WHEN d.offline THEN 'offline' ELSE d.mode END AS stream,
         coalesce(d.cause_id, 0) AS cause_key, coalesce(d.cause_title, 'Where it is needed most') AS cause, 1 AS gifts, d.amount_pence::bigint AS pence,
         CASE WHEN d.status = 'paid' AND d.claim_id IS NULL AND money_daily_declared(d) THEN (d.amount_pence / 4)::bigint ELSE 0 END AS waiting,
         CASE WHEN d.status = 'paid' AND d.claim_id IS NOT NULL AND money_daily_declared(d) THEN (d.amount_pence / 4)::bigint ELSE 0 END AS claimed
  FROM donations d
  UNION ALL
  SELECT (d.refunded_at AT TIME ZONE 'Europe/London')::date, CASE WHEN d.offline THEN 'offline' ELSE d.mode END,
         coalesce(d.cause_id, 0), coalesce(d.cause_title, 'Where it is needed most'), 0, -d.amount_pence::bigint, 0, 0
  FROM donations d WHERE d.status = 'refunded' AND d.refunded_at IS NOT NULL
) gifts
GROUP BY 1, 2, 3, 4
HAVING sum(gifts) <> 0 OR sum(pence) <> 0 OR sum(waiting) <> 0 OR sum(claimed) <> 0;

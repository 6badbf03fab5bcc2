-- Sessions end on every API instance at once (docs/decisions/046-sessions-kept-per-instance.md):
-- whatever deletes tokens (a logout, a password change or reset, an account deleted, the
-- purge, or someone at a SQL prompt), the database announces it on the instances' bus
-- (server/cluster/bus.ts: channel storefront_invalidate, an envelope {from, topic, message}),
-- at commit and only if the deletion commits. One notice per account; past 100 accounts in one
-- statement, one per company.
CREATE OR REPLACE FUNCTION tokens_gone_notice() RETURNS trigger
LANGUAGE plpgsql AS $notice$
DECLARE
  accounts_gone int;
BEGIN
  SELECT count(*) INTO accounts_gone FROM (SELECT DISTINCT company_id, subject_id FROM gone) a;
  IF accounts_gone <= 100 THEN
    PERFORM pg_notify('storefront_invalidate', json_build_object('from', 'database',
      'topic', 'sessions', 'message', json_build_object('companyId', a.company_id,
      'accountId', a.subject_id))::text)
    FROM (SELECT DISTINCT company_id, subject_id FROM gone) a;
  ELSE
    PERFORM pg_notify('storefront_invalidate', json_build_object('from', 'database',
      'topic', 'sessions', 'message', json_build_object('companyId', c.company_id))::text)
    FROM (SELECT DISTINCT company_id FROM gone) c;
  END IF;
  RETURN NULL;
END
$notice$;
--> statement-breakpoint
CREATE TRIGGER tokens_gone_notice AFTER DELETE ON tokens REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION tokens_gone_notice();

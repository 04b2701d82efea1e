-- Jobs have one owner (DESIGN.md §4): the worker that claims a job writes its own token; its
-- heartbeat and every staleness judgement use the database's clock (now()), never a process clock;
-- a worker marks an invoice as sending only while its token is the job's (checked in that statement).
ALTER TABLE "billing_jobs" ADD COLUMN "ownerToken" UUID;

-- Vendor request limits shared by every process on this database (QuickBooks: 500 requests a
-- minute and 10 at once per company; Genesys: 300 a minute per OAuth client). See
-- packages/db/src/request-limiter.ts.

-- Pacing: one row per limit key holding when its next request may leave. Each request reserves
-- the next slot atomically (greatest(nextAt, now) + interval), so requests of all processes
-- leave evenly spaced and never faster than the limit.
CREATE TABLE IF NOT EXISTS "vendor_request_pacing" (
    "key" TEXT NOT NULL,
    "nextAt" TIMESTAMPTZ NOT NULL,
    CONSTRAINT "vendor_request_pacing_pkey" PRIMARY KEY ("key")
);

-- Requests in flight at once: one session advisory lock per slot (lock space from the key, slot
-- number 0..slots-1). Takes a free slot, starting at a random one, and returns its number, or
-- NULL when all are taken. A session lock ends with its connection, so a process that dies
-- mid-request frees its slots at once.
CREATE OR REPLACE FUNCTION vendor_request_slot_try(request_key text, slots integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    first_slot integer := floor(random() * slots)::integer;
    slot integer;
BEGIN
    FOR step IN 0 .. slots - 1 LOOP
        slot := (first_slot + step) % slots;
        IF pg_try_advisory_lock(hashtext('vendor-request-slot:' || request_key), slot) THEN
            RETURN slot;
        END IF;
    END LOOP;
    RETURN NULL;
END
$$;

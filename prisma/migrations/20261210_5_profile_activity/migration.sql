-- Periods in service (DESIGN.md §4): a profile owes nothing for a whole period in which it was
-- inactive, and a period cut by a reactivation or an archive owes its minimum prorated by its days in
-- service. For that the profile's activity history is kept: a row each time it becomes active or
-- inactive (archived counts as inactive), written by a trigger so every path that changes it records it.
CREATE TABLE "profile_activity_changes" (
  "id" BIGSERIAL PRIMARY KEY,
  "profileId" UUID NOT NULL REFERENCES "customer_profiles"("id") ON DELETE CASCADE,
  "isActive" BOOLEAN NOT NULL,
  "at" TIMESTAMP(3) NOT NULL DEFAULT (now() AT TIME ZONE 'UTC')
);
CREATE INDEX "profile_activity_changes_profile_idx" ON "profile_activity_changes" ("profileId", "at");

CREATE FUNCTION "profile_activity_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR (OLD."isActive" AND OLD."archivedAt" IS NULL) IS DISTINCT FROM (NEW."isActive" AND NEW."archivedAt" IS NULL) THEN
    INSERT INTO "profile_activity_changes" ("profileId", "isActive") VALUES (NEW."id", NEW."isActive" AND NEW."archivedAt" IS NULL);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER "profile_activity_record" AFTER INSERT OR UPDATE OF "isActive", "archivedAt" ON "customer_profiles"
  FOR EACH ROW EXECUTE FUNCTION "profile_activity_record"();

-- Existing profiles: active since they were created; those inactive now, since their last change.
INSERT INTO "profile_activity_changes" ("profileId", "isActive", "at") SELECT "id", true, "createdAt" FROM "customer_profiles";
INSERT INTO "profile_activity_changes" ("profileId", "isActive", "at")
SELECT "id", false, COALESCE("archivedAt", "updatedAt") FROM "customer_profiles" WHERE NOT "isActive" OR "archivedAt" IS NOT NULL;

ALTER TABLE "organisations" ADD COLUMN "offer_approval_policy" jsonb;

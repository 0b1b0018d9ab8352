-- Each acceptance records the 隐私政策 version the person was shown. Rows from before have none, so those people are
-- asked again.
ALTER TABLE "agreement_acceptances" ADD COLUMN "privacy_policy_version" text;

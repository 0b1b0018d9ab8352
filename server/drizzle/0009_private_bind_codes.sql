-- Bind codes leave the public short links: `/t/{code}` and `shortLink/resolve` answered anyone, signed in or
-- not, whether a code was a live bind code. A bind code is now resolved only for a signed-in user (shortLink/resolve
-- looks in company_bind_codes), so its link no longer lives in short_links. Codes stay one namespace: making a code
-- checks both tables (server/src/companies/codes.ts).
DELETE FROM "short_links" WHERE "target" LIKE '/my/company/bind?code=%';

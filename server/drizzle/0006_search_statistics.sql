-- invoice/list's keyword: the planner chooses between the trigram index and walking the list's index by how many rows
-- it expects to match. A larger sample of search_text keeps that estimate close for a rare keyword, so a rare one never
-- walks every row of a company (docs/architecture.md, "Lists that stay flat").
ALTER TABLE "invoices" ALTER COLUMN "search_text" SET STATISTICS 1000;

-- Discount lines (折扣行): a line that discounts another names it; it follows that line on the invoice.
ALTER TABLE "invoice_lines" ADD COLUMN IF NOT EXISTS "discount_of" integer;

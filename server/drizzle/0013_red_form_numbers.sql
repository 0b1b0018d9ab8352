-- Red-letter confirmation forms (红字发票信息确认单) are not invoices: the simulated bureau numbers them from a
-- sequence of their own, in a format of their own, so no invoice number is ever spent on a form.
CREATE SEQUENCE IF NOT EXISTS "sim_red_form_seq" START WITH 1;

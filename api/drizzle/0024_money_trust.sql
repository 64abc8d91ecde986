-- Issue 22: invoices issued in test mode (PAYMENTS=test, no money taken) are marked, say TEST MODE, and are numbered in their own series (counter "invoice-test", from 900000001), never in the real gapless one.
ALTER TABLE "app"."invoices" ADD COLUMN "test_mode" boolean DEFAULT false NOT NULL;

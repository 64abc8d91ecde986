-- Issue 26: a staff note is a note; it becomes a task only when staff choose so, with a due date.
-- Rows made before this were all shown as tasks, so they stay tasks.
ALTER TABLE "app"."staff_tasks" ADD COLUMN "is_task" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD COLUMN "due_date" date;--> statement-breakpoint
CREATE INDEX "staff_tasks_task_open_idx" ON "app"."staff_tasks" USING btree ("is_task","resolved_at","created_at");
--> statement-breakpoint
-- Issue 26: staff working on a promotion in the wizard, so the owner sees it (as staff see the owner).
ALTER TABLE "app"."promotions" ADD COLUMN "staff_active_at" timestamp with time zone;

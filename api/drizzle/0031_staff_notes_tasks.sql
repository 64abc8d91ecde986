-- Issue 26: a staff note is a note; it becomes a task only when staff choose so, with a due date.
-- Rows made before this were all shown as tasks, so they stay tasks.
ALTER TABLE "app"."staff_tasks" ADD COLUMN "is_task" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD COLUMN "due_date" date;--> statement-breakpoint
CREATE INDEX "staff_tasks_task_open_idx" ON "app"."staff_tasks" USING btree ("is_task","resolved_at","created_at");

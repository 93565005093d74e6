DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "notifications_user_unread_idx";--> statement-breakpoint
DROP INDEX "tasks_tenant_pipeline_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","tenant_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_tenant_pipeline_idx" ON "tasks" USING btree ("tenant_id","pipeline_id","created_at","id","pipeline_stage_id","team_member_id","team_id","priority","review_status","state");
CREATE TABLE "workflow_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"workflow_id" integer NOT NULL,
	"workflow_version" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"task_id" integer NOT NULL,
	"task_name" text NOT NULL,
	"event" text NOT NULL,
	"depth" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"workflow_type_id" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 2 NOT NULL,
	"definition" jsonb DEFAULT '{"trigger":{"event":"task_created"},"conditions":[]}'::jsonb NOT NULL,
	"trigger_event" text DEFAULT 'task_created' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'rich_text' NOT NULL,
	"body" text,
	"storage_key" text,
	"file_name" text,
	"placeholders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generated_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"template_id" integer,
	"record_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_runs" ADD CONSTRAINT "workflow_runs_workflow_id_workflows_id_fk" FOREIGN KEY ("workflow_id") REFERENCES "public"."workflows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_template_id_document_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."document_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generated_documents" ADD CONSTRAINT "generated_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_runs_tenant_workflow_idx" ON "workflow_runs" USING btree ("tenant_id","workflow_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_runs_workflow_task_idx" ON "workflow_runs" USING btree ("workflow_id","task_id","created_at");--> statement-breakpoint
CREATE INDEX "workflows_tenant_name_idx" ON "workflows" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "workflows_tenant_created_idx" ON "workflows" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "workflows_tenant_event_idx" ON "workflows" USING btree ("tenant_id","trigger_event","status");--> statement-breakpoint
CREATE INDEX "document_templates_tenant_name_idx" ON "document_templates" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "document_templates_tenant_created_idx" ON "document_templates" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "generated_documents_tenant_record_idx" ON "generated_documents" USING btree ("tenant_id","record_type","record_id","created_at");
CREATE TABLE "pipeline_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"pipeline_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"sort_order" integer NOT NULL,
	"outcome" text DEFAULT 'open' NOT NULL,
	"is_revenue" boolean DEFAULT false NOT NULL,
	"is_contract" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_stages_pipeline_id_unique" UNIQUE("pipeline_id","id"),
	CONSTRAINT "pipeline_stages_color_check" CHECK ("pipeline_stages"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "pipeline_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"pipeline_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"revenue_target" numeric(14, 2) DEFAULT '0' NOT NULL,
	"count_target" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_targets_non_negative" CHECK ("pipeline_targets"."revenue_target" >= 0 and "pipeline_targets"."count_target" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pipeline_users" (
	"pipeline_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_users_pipeline_id_user_id_pk" PRIMARY KEY("pipeline_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipelines_status_check" CHECK ("pipelines"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "confidence_scores" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"score" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expected_close_date_change_reasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_frequencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"periods_per_year" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"note_id" integer,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"task_product_type_id" integer NOT NULL,
	"name" text NOT NULL,
	"provider_name" text,
	"premium" numeric(14, 2) DEFAULT '0' NOT NULL,
	"commission" numeric(14, 2) DEFAULT '0' NOT NULL,
	"commission_rate" numeric(5, 2),
	"start_date" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_products_money_check" CHECK ("task_products"."premium" >= 0 and "task_products"."commission" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"priority" smallint DEFAULT 2 NOT NULL,
	"review_status" smallint DEFAULT 1 NOT NULL,
	"pipeline_id" integer NOT NULL,
	"pipeline_stage_id" integer NOT NULL,
	"team_id" integer,
	"team_member_id" integer,
	"source_individual_id" integer,
	"company_id" integer,
	"expected_revenue" numeric(14, 2),
	"expected_revenue_start_date" date,
	"payment_frequency_id" integer,
	"size" integer,
	"kyb" boolean DEFAULT false NOT NULL,
	"confidence_in_revenue_timing_id" integer,
	"confidence_in_revenue_estimate_id" integer,
	"confidence_in_execution_id" integer,
	"confidence_in_client_id" integer,
	"datapoints" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expected_close_date" date,
	"state" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" between 1 and 3),
	CONSTRAINT "tasks_review_status_check" CHECK ("tasks"."review_status" between 1 and 6),
	CONSTRAINT "tasks_closed_check" CHECK (("tasks"."state" = 'open') = ("tasks"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_targets" ADD CONSTRAINT "pipeline_targets_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_targets" ADD CONSTRAINT "pipeline_targets_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_targets" ADD CONSTRAINT "pipeline_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_users" ADD CONSTRAINT "pipeline_users_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_users" ADD CONSTRAINT "pipeline_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_users" ADD CONSTRAINT "pipeline_users_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipelines" ADD CONSTRAINT "pipelines_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_documents" ADD CONSTRAINT "task_documents_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_documents" ADD CONSTRAINT "task_documents_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_documents" ADD CONSTRAINT "task_documents_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_documents" ADD CONSTRAINT "task_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_products" ADD CONSTRAINT "task_products_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_products" ADD CONSTRAINT "task_products_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_products" ADD CONSTRAINT "task_products_task_product_type_id_task_product_types_id_fk" FOREIGN KEY ("task_product_type_id") REFERENCES "public"."task_product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_team_member_id_users_id_fk" FOREIGN KEY ("team_member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_source_individual_id_individuals_id_fk" FOREIGN KEY ("source_individual_id") REFERENCES "public"."individuals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_client_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."client_companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_payment_frequency_id_payment_frequencies_id_fk" FOREIGN KEY ("payment_frequency_id") REFERENCES "public"."payment_frequencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_confidence_in_revenue_timing_id_confidence_scores_id_fk" FOREIGN KEY ("confidence_in_revenue_timing_id") REFERENCES "public"."confidence_scores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_confidence_in_revenue_estimate_id_confidence_scores_id_fk" FOREIGN KEY ("confidence_in_revenue_estimate_id") REFERENCES "public"."confidence_scores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_confidence_in_execution_id_confidence_scores_id_fk" FOREIGN KEY ("confidence_in_execution_id") REFERENCES "public"."confidence_scores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_confidence_in_client_id_confidence_scores_id_fk" FOREIGN KEY ("confidence_in_client_id") REFERENCES "public"."confidence_scores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_pipeline_stage_fk" FOREIGN KEY ("pipeline_id","pipeline_stage_id") REFERENCES "public"."pipeline_stages"("pipeline_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_stages_pipeline_name_unique" ON "pipeline_stages" USING btree ("pipeline_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pipeline_stages_pipeline_order_idx" ON "pipeline_stages" USING btree ("pipeline_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "pipeline_stages_tenant_idx" ON "pipeline_stages" USING btree ("tenant_id","pipeline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pipeline_targets_unique" ON "pipeline_targets" USING btree ("pipeline_id","period","period_start","user_id");--> statement-breakpoint
CREATE INDEX "pipeline_targets_tenant_idx" ON "pipeline_targets" USING btree ("tenant_id","pipeline_id");--> statement-breakpoint
CREATE INDEX "pipeline_users_user_idx" ON "pipeline_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pipelines_tenant_name_unique" ON "pipelines" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pipelines_tenant_status_name_idx" ON "pipelines" USING btree ("tenant_id","status",lower("name"));--> statement-breakpoint
CREATE INDEX "pipelines_tenant_created_idx" ON "pipelines" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pipelines_tenant_updated_idx" ON "pipelines" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_subject_idx" ON "activity_log" USING btree ("tenant_id","subject_type","subject_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "confidence_scores_type_name_unique" ON "confidence_scores" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "confidence_scores_type_score_idx" ON "confidence_scores" USING btree ("type","score");--> statement-breakpoint
CREATE UNIQUE INDEX "expected_close_date_change_reasons_name_unique" ON "expected_close_date_change_reasons" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_frequencies_name_unique" ON "payment_frequencies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "task_documents_task_idx" ON "task_documents" USING btree ("tenant_id","task_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "task_product_types_name_unique" ON "task_product_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "task_products_task_idx" ON "task_products" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "task_products_tenant_created_idx" ON "task_products" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "task_products_tenant_name_idx" ON "task_products" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "task_products_tenant_type_idx" ON "task_products" USING btree ("tenant_id","task_product_type_id","created_at","id");--> statement-breakpoint
CREATE INDEX "task_products_tenant_premium_idx" ON "task_products" USING btree ("tenant_id","premium","id");--> statement-breakpoint
CREATE INDEX "task_products_tenant_commission_idx" ON "task_products" USING btree ("tenant_id","commission","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_created_idx" ON "tasks" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_updated_idx" ON "tasks" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_name_idx" ON "tasks" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_revenue_idx" ON "tasks" USING btree ("tenant_id",coalesce("expected_revenue", 0),"id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_close_date_idx" ON "tasks" USING btree ("tenant_id","expected_close_date","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_pipeline_idx" ON "tasks" USING btree ("tenant_id","pipeline_id","pipeline_stage_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_stage_idx" ON "tasks" USING btree ("tenant_id","pipeline_stage_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_member_idx" ON "tasks" USING btree ("tenant_id","team_member_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_team_idx" ON "tasks" USING btree ("tenant_id","team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_priority_idx" ON "tasks" USING btree ("tenant_id","priority","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_review_idx" ON "tasks" USING btree ("tenant_id","review_status","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_state_idx" ON "tasks" USING btree ("tenant_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_individual_idx" ON "tasks" USING btree ("tenant_id","source_individual_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_company_idx" ON "tasks" USING btree ("tenant_id","company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "tasks_tenant_won_idx" ON "tasks" USING btree ("tenant_id","closed_at") WHERE "tasks"."state" = 'won';
-- The tasks list's version triggers (0010) use the one function every list's triggers use (0011): the four
-- functions written for tasks alone did what bump_list_versions('tasks') does. Dropped and created in one
-- migration (one transaction), so no write to tasks goes unversioned.
DROP TRIGGER tasks_list_version_insert ON tasks;
--> statement-breakpoint
DROP TRIGGER tasks_list_version_update ON tasks;
--> statement-breakpoint
DROP TRIGGER tasks_list_version_delete ON tasks;
--> statement-breakpoint
DROP TRIGGER tasks_list_version_truncate ON tasks;
--> statement-breakpoint
DROP FUNCTION tasks_list_version_insert();
--> statement-breakpoint
DROP FUNCTION tasks_list_version_update();
--> statement-breakpoint
DROP FUNCTION tasks_list_version_delete();
--> statement-breakpoint
DROP FUNCTION tasks_list_version_truncate();
--> statement-breakpoint
CREATE TRIGGER tasks_list_version_insert AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('tasks');
--> statement-breakpoint
CREATE TRIGGER tasks_list_version_update AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('tasks');
--> statement-breakpoint
CREATE TRIGGER tasks_list_version_delete AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('tasks');
--> statement-breakpoint
CREATE TRIGGER tasks_list_version_truncate AFTER TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION bump_list_versions('tasks');

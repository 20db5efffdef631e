CREATE TABLE `email_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`parent_id` text,
	`kind` text NOT NULL,
	`prompt` text NOT NULL,
	`brief` text NOT NULL,
	`copy_doc` text,
	`blueprint` text,
	`html` text NOT NULL,
	`amp_html` text,
	`metadata` text NOT NULL,
	`subject` text,
	`qa_score` real,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_versions_user_idx` ON `email_versions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `user_brand_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`design_tokens` text NOT NULL,
	`style_theory` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `operator_alerts` ADD `acknowledged_at` integer;--> statement-breakpoint
ALTER TABLE `operator_alerts` ADD `acknowledged_by` text;
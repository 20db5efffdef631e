CREATE TABLE `pending_charges` (
	`reference` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`action` text NOT NULL,
	`amount` integer NOT NULL,
	`instance_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pending_charges_instance_idx` ON `pending_charges` (`instance_id`);--> statement-breakpoint
CREATE TABLE `server_instances` (
	`id` text PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`pid` integer NOT NULL,
	`started_at` integer NOT NULL,
	`seen_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `credit_ledger` ADD `note` text;--> statement-breakpoint
ALTER TABLE `eval_runs` ADD `runner_instance_id` text;
CREATE TABLE `page_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`csrf_token` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `page_sessions_user_idx` ON `page_sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `page_sessions_expires_idx` ON `page_sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL,
	`blocked_until` integer
);
--> statement-breakpoint
ALTER TABLE `email_sends` ADD `idempotency_key` text;--> statement-breakpoint
ALTER TABLE `email_sends` ADD `request_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `email_sends_idempotency_idx` ON `email_sends` (`user_id`,`idempotency_key`);
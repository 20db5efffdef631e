ALTER TABLE `email_bounce_log` ADD `message_id` text;--> statement-breakpoint
ALTER TABLE `email_bounce_log` ADD `retry` integer DEFAULT false NOT NULL;
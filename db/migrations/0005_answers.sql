CREATE TABLE `answer_forms` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`lang` text NOT NULL,
	`questions` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `answer_forms_user_idx` ON `answer_forms` (`user_id`);--> statement-breakpoint
CREATE TABLE `answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`form_id` text,
	`send_id` text,
	`question` text NOT NULL,
	`option_index` integer,
	`value` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `answers_send_question_idx` ON `answers` (`send_id`,`question`);--> statement-breakpoint
CREATE INDEX `answers_form_idx` ON `answers` (`form_id`);
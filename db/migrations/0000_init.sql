CREATE TABLE `admin_users` (
	`email` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `amp_survey_responses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`form_id` text NOT NULL,
	`sender` text,
	`answers` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`jti` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `api_tokens_user_idx` ON `api_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `credit_balances` (
	`user_id` text NOT NULL,
	`action` text NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `action`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `credit_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`action` text NOT NULL,
	`delta` integer NOT NULL,
	`kind` text NOT NULL,
	`reference` text,
	`balance_after` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `credit_ledger_user_idx` ON `credit_ledger` (`user_id`);--> statement-breakpoint
CREATE INDEX `credit_ledger_reference_idx` ON `credit_ledger` (`reference`);--> statement-breakpoint
CREATE TABLE `email_bounce_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`send_id` text,
	`event_id` text,
	`reason` text,
	`consecutive` integer NOT NULL,
	`escalation` text,
	`occurred_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_bounce_log_email_idx` ON `email_bounce_log` (`email`,`occurred_at`);--> statement-breakpoint
CREATE TABLE `email_delivery_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`provider` text NOT NULL,
	`send_id` text,
	`email` text NOT NULL,
	`kind` text NOT NULL,
	`severity` text,
	`reason` text,
	`occurred_at` integer NOT NULL,
	`payload` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_delivery_events_event_idx` ON `email_delivery_events` (`provider`,`event_id`);--> statement-breakpoint
CREATE INDEX `email_delivery_events_send_idx` ON `email_delivery_events` (`send_id`,`id`);--> statement-breakpoint
CREATE TABLE `email_recipient_states` (
	`email` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `email_sends` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`sender_email` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`provider` text NOT NULL,
	`provider_id` text,
	`message_id` text NOT NULL,
	`status` text NOT NULL,
	`error` text,
	`html` text NOT NULL,
	`amp_html` text,
	`raw_mime` text,
	`email_name` text,
	`project_id` text,
	`database_id` text,
	`notes` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `email_sends_created_idx` ON `email_sends` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_sends_user_idx` ON `email_sends` (`user_id`);--> statement-breakpoint
CREATE INDEX `email_sends_provider_id_idx` ON `email_sends` (`provider_id`);--> statement-breakpoint
CREATE INDEX `email_sends_message_id_idx` ON `email_sends` (`message_id`);--> statement-breakpoint
CREATE TABLE `email_suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`until` integer,
	`source` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `eval_results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` text NOT NULL,
	`prompt_id` text,
	`prompt` text,
	`qa_score` real,
	`judge_score` real,
	`generation_ms` integer,
	`error` text,
	`details` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `eval_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `eval_results_run_idx` ON `eval_results` (`run_id`);--> statement-breakpoint
CREATE TABLE `eval_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`label` text NOT NULL,
	`prompt_set_version` text NOT NULL,
	`prompt_count` integer NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`result_count` integer DEFAULT 0 NOT NULL,
	`error_count` integer DEFAULT 0 NOT NULL,
	`avg_qa_score` real,
	`avg_judge_score` real,
	`avg_generation_ms` real,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`completed_at` integer
);
--> statement-breakpoint
CREATE INDEX `eval_runs_created_idx` ON `eval_runs` (`created_at`);--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`prompt` text NOT NULL,
	`rating` text NOT NULL,
	`positive` integer NOT NULL,
	`rag_used` integer DEFAULT false NOT NULL,
	`rag_examples_count` integer DEFAULT 0 NOT NULL,
	`comment` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feedback_created_idx` ON `feedback` (`created_at`);--> statement-breakpoint
CREATE TABLE `operator_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`recipient` text,
	`message` text NOT NULL,
	`delivered_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `operator_alerts_pending_idx` ON `operator_alerts` (`delivered_at`);--> statement-breakpoint
CREATE TABLE `qa_evaluations` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`endpoint` text NOT NULL,
	`techniques` text NOT NULL,
	`score` real NOT NULL,
	`qualifies_for_free_regen` integer NOT NULL,
	`failed_checks` text NOT NULL,
	`checks` text NOT NULL,
	`rag_used` integer DEFAULT false NOT NULL,
	`rag_examples_count` integer DEFAULT 0 NOT NULL,
	`generation_ms` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `qa_evaluations_created_idx` ON `qa_evaluations` (`created_at`);--> statement-breakpoint
CREATE TABLE `rag_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`html` text NOT NULL,
	`metadata` text NOT NULL,
	`embedding_text` text NOT NULL,
	`chars` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rag_documents_type_idx` ON `rag_documents` (`type`);--> statement-breakpoint
CREATE TABLE `rag_vectors` (
	`doc_id` text PRIMARY KEY NOT NULL,
	`embedding` F32_BLOB(3072) NOT NULL,
	`metadata` text NOT NULL,
	`type` text NOT NULL,
	`technique` text,
	`example_type` text,
	`submitted_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rag_vectors_filter_idx` ON `rag_vectors` (`type`,`technique`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `webhook_receipts` (
	`provider` text NOT NULL,
	`receipt_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`provider`, `receipt_id`)
);
